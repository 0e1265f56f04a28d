import type { LocalService } from '../../../../src/server';

/**
 * Spec 4.3 records written straight to the local fleet service with the
 * operator's token, for screens that need a lived-in account (the
 * screenshots); what the tests prove goes through the app instead.
 */
export interface RecordSeeds {
  post(path: string, body: unknown): Promise<{ id: number }>;
}

export function recordSeeds(service: LocalService, token: string): RecordSeeds {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    async post(path, body) {
      const url = `${service.api_url}/api/${service.account_key}/${path}`;
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
      const json = (await res.json()) as { data: { id: number } };
      return json.data;
    },
  };
}
