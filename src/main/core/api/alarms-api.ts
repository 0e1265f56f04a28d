import { z } from 'zod';
import {
  alarmAcknowledgeConflictBodySchema,
  alarmResponseSchema,
  alarmSchema,
  alertBodySchema,
  geofenceBodySchema,
  paginationMetaSchema,
  recordListResponseSchema,
  recordMetaSchema,
  recordResponseSchema,
  type Alarm,
  type AlarmSeverity,
} from '../../../shared/interface';
import type { AlertRuleView, GeofenceView } from '../../../shared/ipc/alarm-views';
import { ApiError } from './api-error';
import type { FleetEndpoints } from './fleet-api';
import type { HttpClient } from './http-client';
import { validateRequest } from './request-validation';

/** Our alarm extension's largest page (docs/service-interface.md §4.3, spec 4.2 `per_page`). */
export const ALARM_FEED_PAGE_SIZE = 500;

const alarmPageSchema = z.object({ data: z.array(alarmSchema), meta: paginationMetaSchema });
export type AlarmFeedPage = z.infer<typeof alarmPageSchema>;

export interface AlarmFeedQuery {
  /** raised_at at or after (epoch ms). */
  readonly since?: number;
  readonly acknowledged?: boolean;
  readonly severity?: AlarmSeverity;
  readonly page: number;
  readonly perPage?: number;
}

export type AcknowledgeOutcome =
  /** Acknowledged now, by us. */
  | { readonly kind: 'acknowledged'; readonly alarm: Alarm }
  /** Someone acknowledged it first (409): their acknowledgement. */
  | { readonly kind: 'already'; readonly alarm: Alarm };

export type ServiceGeofence = Omit<GeofenceView, 'source'>;
export type ServiceAlertRule = Omit<AlertRuleView, 'source'>;

/**
 * The alarm feed, geofences and alert rules (docs/service-interface.md §4.3,
 * src/shared/interface/alarms.ts): our extension of the interface, under the
 * same {api_url}/api/{account_key} as spec 4.2. A service without it answers
 * 404 on /alarm.
 */
export interface AlarmsApi {
  alarmPage(query: AlarmFeedQuery): Promise<AlarmFeedPage>;
  alarm(id: number): Promise<Alarm>;
  acknowledge(id: number, comment: string | undefined): Promise<AcknowledgeOutcome>;
  geofences(): Promise<ServiceGeofence[]>;
  createGeofence(body: unknown): Promise<ServiceGeofence>;
  replaceGeofence(id: number, body: unknown): Promise<ServiceGeofence>;
  removeGeofence(id: number): Promise<void>;
  alertRules(): Promise<ServiceAlertRule[]>;
  createAlertRule(body: unknown): Promise<ServiceAlertRule>;
  replaceAlertRule(id: number, body: unknown): Promise<ServiceAlertRule>;
  removeAlertRule(id: number): Promise<void>;
}

const toGeofence = (r: z.infer<typeof geofenceRecordSchema>): ServiceGeofence => ({
  id: r.id,
  name: r.name,
  color: r.color,
  shape: r.shape,
});
const toRule = ({
  created_at: _c,
  updated_at: _u,
  ...rule
}: z.infer<typeof ruleRecordSchema>): ServiceAlertRule => rule;

const geofenceRecordSchema = z.intersection(recordMetaSchema, geofenceBodySchema);
const ruleRecordSchema = z.intersection(recordMetaSchema, alertBodySchema);

export function createAlarmsApi(http: HttpClient, endpoints: FleetEndpoints): AlarmsApi {
  const base = `${endpoints.apiUrl.replace(/\/+$/, '')}/api/${encodeURIComponent(endpoints.accountKey)}`;

  /** Every page of a record list (spec 4.2). */
  const allRecords = async <S extends z.ZodType>(path: string, record: S): Promise<z.output<S>[]> => {
    const route = `GET /${path}`;
    const schema = recordListResponseSchema(record);
    const out: z.output<S>[] = [];
    for (let page = 1; ; page++) {
      const res = await http.send({
        method: 'GET',
        url: `${base}/${path}`,
        route,
        query: { page, per_page: 500 },
      });
      const body = http.parse(schema, res.body, route);
      out.push(...body.data);
      if (page >= body.meta.last_page || body.data.length === 0) return out;
    }
  };

  /** POST or PUT of a record body, checked first with the service's own schema: a bad shape fails with the same field errors, even offline. */
  const write = async (
    method: 'POST' | 'PUT',
    path: string,
    id: number | null,
    bodySchema: z.ZodType,
    body: unknown,
  ): Promise<{ body: unknown; route: string }> => {
    const route = `${method} /${path}${id === null ? '' : '/{id}'}`;
    const valid = validateRequest(bodySchema, body, route);
    const url = id === null ? `${base}/${path}` : `${base}/${path}/${id}`;
    const res = await http.send({ method, url, route, body: valid });
    return { body: res.body, route };
  };
  const writeGeofence = async (
    method: 'POST' | 'PUT',
    id: number | null,
    body: unknown,
  ): Promise<ServiceGeofence> => {
    const res = await write(method, 'geofence', id, geofenceBodySchema, body);
    return toGeofence(http.parse(recordResponseSchema(geofenceRecordSchema), res.body, res.route).data);
  };
  const writeRule = async (
    method: 'POST' | 'PUT',
    id: number | null,
    body: unknown,
  ): Promise<ServiceAlertRule> => {
    const res = await write(method, 'alert', id, alertBodySchema, body);
    return toRule(http.parse(recordResponseSchema(ruleRecordSchema), res.body, res.route).data);
  };

  const remove = async (path: string, id: number): Promise<void> => {
    await http.send({ method: 'DELETE', url: `${base}/${path}/${id}`, route: `DELETE /${path}/{id}` });
  };

  return {
    async alarmPage(q) {
      const route = 'GET /alarm';
      const res = await http.send({
        method: 'GET',
        url: `${base}/alarm`,
        route,
        query: {
          page: q.page,
          per_page: q.perPage ?? ALARM_FEED_PAGE_SIZE,
          since: q.since === undefined ? undefined : new Date(q.since).toISOString(),
          acknowledged: q.acknowledged === undefined ? undefined : String(q.acknowledged),
          severity: q.severity,
        },
      });
      return http.parse(alarmPageSchema, res.body, route);
    },

    async alarm(id) {
      const route = 'GET /alarm/{id}';
      const res = await http.send({ method: 'GET', url: `${base}/alarm/${id}`, route });
      return http.parse(alarmResponseSchema, res.body, route).data;
    },

    async acknowledge(id, comment) {
      const route = 'POST /alarm/{id}/acknowledge';
      try {
        const res = await http.send({
          method: 'POST',
          url: `${base}/alarm/${id}/acknowledge`,
          route,
          body: comment === undefined || comment === '' ? {} : { comment },
        });
        return { kind: 'acknowledged', alarm: http.parse(alarmResponseSchema, res.body, route).data };
      } catch (err) {
        if (!(err instanceof ApiError && err.kind === 'conflict')) throw err;
        // The 409 carries the alarm with the acknowledgement someone else made (alarms.ts).
        const conflict = alarmAcknowledgeConflictBodySchema.safeParse(err.body);
        if (conflict.success && conflict.data.data.acknowledgement)
          return { kind: 'already', alarm: conflict.data.data };
        throw err;
      }
    },

    geofences: async () => (await allRecords('geofence', geofenceRecordSchema)).map(toGeofence),
    createGeofence: (body) => writeGeofence('POST', null, body),
    replaceGeofence: (id, body) => writeGeofence('PUT', id, body),
    removeGeofence: (id) => remove('geofence', id),

    alertRules: async () => (await allRecords('alert', ruleRecordSchema)).map(toRule),
    createAlertRule: (body) => writeRule('POST', null, body),
    replaceAlertRule: (id, body) => writeRule('PUT', id, body),
    removeAlertRule: (id) => remove('alert', id),
  };
}
