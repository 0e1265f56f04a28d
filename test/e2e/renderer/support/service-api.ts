import { expect } from 'vitest';
import {
  assetListResponseSchema,
  historyResponseSchema,
  jsonReportContentSchema,
  reportStatusSchema,
  submissionResponseSchema,
  type JsonReportContent,
  type Location,
  type ReportRequestInput,
} from '../../../../src/shared/interface';
import type { LocalService } from '../../../../src/server';
import { PATIENT } from './fleetdesk-app';

/** The local fleet service over plain HTTP with the operator's token: what the app's figures are checked against. */
export interface ServiceApi {
  assetIdByName(name: string): Promise<number>;
  history(assetId: number, start: number, end: number): Promise<Location[]>;
  jsonReport(request: ReportRequestInput): Promise<JsonReportContent>;
}

export function serviceApi(service: LocalService, token: string): ServiceApi {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const fleet = `${service.api_url}/api/${service.account_key}`;
  const get = async (url: string): Promise<unknown> => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };

  return {
    async assetIdByName(name) {
      for (let page = 1; ; page++) {
        const list = assetListResponseSchema.parse(await get(`${fleet}/asset?page=${page}`));
        const found = list.data.find((a) => a.name === name);
        if (found) return found.id;
        if (list.data.length === 0 || page >= list.meta.last_page) throw new Error(`No asset named ${name}`);
      }
    },

    async history(assetId, start, end) {
      const q = `start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`;
      return historyResponseSchema.parse(await get(`${fleet}/asset/${assetId}/history?${q}`)).data;
    },

    async jsonReport(request) {
      const res = await fetch(`${service.api_url}/api/v1/reports/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...request, format: 'json' }),
      });
      if (!res.ok) throw new Error(`report: HTTP ${res.status} ${await res.text()}`);
      const { report_id: id } = submissionResponseSchema.parse(await res.json());
      const statusUrl = `${service.api_url}/api/v1/reports/${id}/status`;
      await expect
        .poll(async () => reportStatusSchema.parse(await get(statusUrl)).generation_status, PATIENT)
        .toBe('completed');
      return jsonReportContentSchema.parse(reportStatusSchema.parse(await get(statusUrl)).data);
    },
  };
}
