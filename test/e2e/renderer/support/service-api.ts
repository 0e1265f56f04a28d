import { expect } from 'vitest';
import { z } from 'zod';
import {
  alarmSchema,
  geofenceShapeSchema,
  paginationMetaSchema,
  recordMetaSchema,
  type Alarm,
  type GeofenceShape,
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
  /** Every geofence and alert rule of the account (first page of 500). */
  geofences(): Promise<GeofenceRecord[]>;
  alertRules(): Promise<AlertRuleRecord[]>;
  /** The alarm feed the token's user may see, newest first (every page). */
  alarms(query?: string): Promise<Alarm[]>;
}

const geofenceRecordSchema = recordMetaSchema.extend({
  name: z.string(),
  color: z.string(),
  shape: geofenceShapeSchema,
});
export type GeofenceRecord = z.infer<typeof geofenceRecordSchema> & { shape: GeofenceShape };
const alertRuleRecordSchema = recordMetaSchema.extend({
  name: z.string(),
  kind: z.string(),
  asset_id: z.int().nullable(),
  geofence_id: z.int().nullable(),
  severity: z.string().nullable().optional(),
});
export type AlertRuleRecord = z.infer<typeof alertRuleRecordSchema>;
const listOf = <S extends z.ZodType>(record: S) =>
  z.object({ data: z.array(record), meta: paginationMetaSchema });

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

    async geofences() {
      return listOf(geofenceRecordSchema).parse(await get(`${fleet}/geofence?per_page=500`)).data;
    },

    async alertRules() {
      return listOf(alertRuleRecordSchema).parse(await get(`${fleet}/alert?per_page=500`)).data;
    },

    async alarms(query = '') {
      const out: Alarm[] = [];
      for (let page = 1; ; page++) {
        const body = listOf(alarmSchema).parse(await get(`${fleet}/alarm?per_page=500&page=${page}${query}`));
        out.push(...body.data);
        if (page >= body.meta.last_page) return out;
      }
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
