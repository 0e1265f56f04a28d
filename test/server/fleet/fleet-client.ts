import { startLocalService, type LocalService } from '../../../src/server/local-service';
import type { LocalServiceOptions } from '../../../src/server/options';

/** A fixed present, so online flags, history cut-offs and expiry checks are the same on every run. */
export const NOW = Date.parse('2026-03-10T12:00:00Z');

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

export type Caller = 'operator' | 'restricted' | 'nobody' | { readonly token: string };

export interface FleetTestService {
  readonly service: LocalService;
  /** `path` is relative to /api/{account_key} unless it starts with `//` (then relative to the host). */
  call(
    method: string,
    path: string,
    init?: { as?: Caller; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>;
}

export async function startFleetService(options: LocalServiceOptions = {}): Promise<FleetTestService> {
  const service = await startLocalService({
    port: 0,
    fleetSize: 8,
    now: () => NOW,
    tickMs: 60_000,
    ...options,
  });
  const tokenOf = (as: Caller): string | null => {
    if (as === 'nobody') return null;
    if (typeof as === 'object') return as.token;
    return service.users[as === 'operator' ? 0 : 1]?.token ?? null;
  };
  return {
    service,
    async call(method, path, init = {}) {
      const url = path.startsWith('//')
        ? `${service.api_url}${path.slice(1)}`
        : `${service.api_url}/api/${service.account_key}${path}`;
      const token = tokenOf(init.as ?? 'operator');
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (token !== null) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url, { method, headers, body });
      const text = await res.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
  };
}
