import { z } from 'zod';
import { alertBodySchema, geofenceBodySchema } from '../../../shared/interface';
import type { AlertRuleView, GeofenceView, ItemSource } from '../../../shared/ipc/alarm-views';
import { ApiError } from '../api/api-error';
import type { AlarmsApi } from '../api/alarms-api';
import { validateRequest } from '../api/request-validation';
import type { AlarmItemStore, AlarmItemType } from '../cache/alarm-item-store';
import type { AlarmInbox } from './alarm-inbox';

/** The kinds this computer can evaluate from live positions against its own geofences (local-alarms.ts). */
export const LOCAL_RULE_KINDS: readonly string[] = ['geofence_enter', 'geofence_exit'];

export interface ItemRef {
  readonly source: ItemSource;
  readonly id: number;
}

export interface AlarmRuleBookListener {
  geofences?(all: GeofenceView[]): void;
  rules?(all: AlertRuleView[]): void;
}

/**
 * Geofences and alert rules (docs/architecture.md "Alarms"): the service's,
 * through its CRUD and cached for offline reading, or — against a service
 * without the alarm extension — this computer's own, kept in SQLite and
 * labelled source 'local' ("on this computer only"). Bodies are checked with
 * the shared schemas before anything is sent or kept, with the field errors
 * of spec 7.
 */
export interface AlarmRuleBook {
  geofences(): GeofenceView[];
  rules(): AlertRuleView[];
  createGeofence(body: unknown): Promise<GeofenceView>;
  updateGeofence(ref: ItemRef, body: unknown): Promise<GeofenceView>;
  removeGeofence(ref: ItemRef): Promise<void>;
  createRule(body: unknown): Promise<AlertRuleView>;
  updateRule(ref: ItemRef, body: unknown): Promise<AlertRuleView>;
  removeRule(ref: ItemRef): Promise<void>;
  /** Reads the service's lists again (after a catch-up); the mode decides which lists are shown. */
  refresh(): Promise<void>;
  /** The inbox's profile or mode changed: tell the new lists. */
  changed(): void;
  subscribe(listener: AlarmRuleBookListener): () => void;
}

export interface AlarmRuleBookOptions {
  readonly items: AlarmItemStore;
  readonly inbox: Pick<AlarmInbox, 'scope' | 'mode' | 'api'>;
}

const geofenceRecord = geofenceBodySchema.extend({ id: z.int().positive() });
const ruleRecord = z.intersection(z.object({ id: z.int().positive() }), alertBodySchema);

function invalid(route: string, field: string, message: string): ApiError {
  return new ApiError({
    kind: 'validation',
    route,
    message: 'The request is not valid.',
    errors: { [field]: [message] },
  });
}

export function createAlarmRuleBook(o: AlarmRuleBookOptions): AlarmRuleBook {
  const listeners = new Set<AlarmRuleBookListener>();
  let told = { geofences: '', rules: '' };

  /** Which list the operator works with: this computer's in local mode, the service's otherwise. */
  const active = (): ItemSource => (o.inbox.mode() === 'local' ? 'local' : 'service');

  const read = <T>(
    type: AlarmItemType,
    source: ItemSource,
    schema: z.ZodType<T>,
  ): (T & { source: ItemSource })[] => {
    const scope = o.inbox.scope();
    if (scope === null) return [];
    const out: (T & { source: ItemSource })[] = [];
    for (const item of o.items.list(scope, type, source)) {
      // A row another version wrote, or a shape the shared schema no longer accepts, is left out, not shown half.
      const parsed = schema.safeParse({ ...(item.body as object), id: item.id });
      if (parsed.success) out.push({ ...parsed.data, source });
    }
    return out;
  };
  const geofences = (): GeofenceView[] => read('geofence', active(), geofenceRecord);
  const rules = (): AlertRuleView[] => read('rule', active(), ruleRecord);

  const tell = (): void => {
    const g = geofences();
    const r = rules();
    const next = { geofences: JSON.stringify(g), rules: JSON.stringify(r) };
    const gChanged = next.geofences !== told.geofences;
    const rChanged = next.rules !== told.rules;
    told = next;
    for (const l of listeners) {
      if (gChanged) l.geofences?.(g);
      if (rChanged) l.rules?.(r);
    }
  };

  const scopeOrFail = (route: string): string => {
    const scope = o.inbox.scope();
    if (scope === null) throw new ApiError({ kind: 'unauthorized', route, message: 'Not signed in.' });
    return scope;
  };
  /** Where a new item goes: the service, or this computer in local mode; refused while it is not known which. */
  const target = (route: string): ItemSource => {
    const mode = o.inbox.mode();
    if (mode === 'unavailable')
      throw new ApiError({
        kind: 'offline',
        route,
        message:
          'The service has not been reached yet: it is not known whether it keeps geofences and rules.',
      });
    return mode;
  };
  const serviceApi = (route: string): AlarmsApi => {
    const api = o.inbox.api();
    if (!api) throw new ApiError({ kind: 'offline', route, message: 'Not connected to the service.' });
    return api;
  };
  const bodyOf = ({ id: _id, source: _source, ...body }: { id: number; source: ItemSource }): object => body;

  const checkLocalRule = (scope: string, body: unknown, route: string): z.output<typeof alertBodySchema> => {
    const rule = validateRequest(alertBodySchema, body, route);
    if (!LOCAL_RULE_KINDS.includes(rule.kind))
      throw invalid(
        route,
        'kind',
        'on this computer, rules watch geofences only (speed and silent trackers are set in Settings)',
      );
    if (rule.notify_emails.length > 0)
      throw invalid(route, 'notify_emails', 'this computer cannot send e-mail; only the service can');
    if (rule.geofence_id !== null && !o.items.get(scope, 'geofence', 'local', rule.geofence_id))
      throw invalid(route, 'geofence_id', `unknown geofence ${rule.geofence_id}`);
    return rule;
  };

  const saveService = (type: AlarmItemType, item: { id: number; source: ItemSource }): void => {
    const scope = o.inbox.scope();
    if (scope !== null) o.items.put(scope, type, 'service', { id: item.id, body: bodyOf(item) });
    tell();
  };

  return {
    geofences,
    rules,

    async createGeofence(body) {
      const route = 'POST /geofence';
      const scope = scopeOrFail(route);
      if (target(route) === 'service') {
        const g: GeofenceView = { ...(await serviceApi(route).createGeofence(body)), source: 'service' };
        saveService('geofence', g);
        return g;
      }
      const valid = validateRequest(geofenceBodySchema, body, route);
      const id = o.items.nextLocalId(scope, 'geofence');
      o.items.put(scope, 'geofence', 'local', { id, body: valid });
      tell();
      return { ...valid, id, source: 'local' };
    },

    async updateGeofence(ref, body) {
      const route = 'PUT /geofence/{id}';
      const scope = scopeOrFail(route);
      if (ref.source === 'service') {
        const g: GeofenceView = {
          ...(await serviceApi(route).replaceGeofence(ref.id, body)),
          source: 'service',
        };
        saveService('geofence', g);
        return g;
      }
      const valid = validateRequest(geofenceBodySchema, body, route);
      if (!o.items.get(scope, 'geofence', 'local', ref.id))
        throw new ApiError({ kind: 'not_found', route, message: `No geofence ${ref.id} on this computer.` });
      o.items.put(scope, 'geofence', 'local', { id: ref.id, body: valid });
      tell();
      return { ...valid, id: ref.id, source: 'local' };
    },

    async removeGeofence(ref) {
      const route = 'DELETE /geofence/{id}';
      const scope = scopeOrFail(route);
      if (ref.source === 'service') {
        await serviceApi(route).removeGeofence(ref.id);
      } else {
        // As the service does (docs/interface-decisions.md "Alarms and geofences"): rules first.
        const users = read('rule', 'local', ruleRecord).filter((r) => r.geofence_id === ref.id);
        if (users.length > 0)
          throw new ApiError({
            kind: 'conflict',
            route,
            message: `Geofence ${ref.id} is used by rule(s) ${users.map((r) => `${r.id} (${r.name})`).join(', ')}; delete them or point them at another geofence first.`,
          });
      }
      o.items.remove(scope, 'geofence', ref.source, ref.id);
      tell();
    },

    async createRule(body) {
      const route = 'POST /alert';
      const scope = scopeOrFail(route);
      if (target(route) === 'service') {
        const r: AlertRuleView = { ...(await serviceApi(route).createAlertRule(body)), source: 'service' };
        saveService('rule', r);
        return r;
      }
      const rule = checkLocalRule(scope, body, route);
      const id = o.items.nextLocalId(scope, 'rule');
      o.items.put(scope, 'rule', 'local', { id, body: rule });
      tell();
      return { ...rule, id, source: 'local' };
    },

    async updateRule(ref, body) {
      const route = 'PUT /alert/{id}';
      const scope = scopeOrFail(route);
      if (ref.source === 'service') {
        const r: AlertRuleView = {
          ...(await serviceApi(route).replaceAlertRule(ref.id, body)),
          source: 'service',
        };
        saveService('rule', r);
        return r;
      }
      const rule = checkLocalRule(scope, body, route);
      if (!o.items.get(scope, 'rule', 'local', ref.id))
        throw new ApiError({ kind: 'not_found', route, message: `No rule ${ref.id} on this computer.` });
      o.items.put(scope, 'rule', 'local', { id: ref.id, body: rule });
      tell();
      return { ...rule, id: ref.id, source: 'local' };
    },

    async removeRule(ref) {
      const route = 'DELETE /alert/{id}';
      const scope = scopeOrFail(route);
      if (ref.source === 'service') await serviceApi(route).removeAlertRule(ref.id);
      o.items.remove(scope, 'rule', ref.source, ref.id);
      tell();
    },

    async refresh() {
      const scope = o.inbox.scope();
      const api = o.inbox.api();
      if (scope === null || api === null || o.inbox.mode() !== 'service') return;
      const [g, r] = await Promise.all([api.geofences(), api.alertRules()]);
      if (o.inbox.scope() !== scope) return;
      o.items.replace(
        scope,
        'geofence',
        g.map((x) => ({ id: x.id, body: bodyOf({ ...x, source: 'service' }) })),
      );
      o.items.replace(
        scope,
        'rule',
        r.map((x) => ({ id: x.id, body: bodyOf({ ...x, source: 'service' }) })),
      );
      tell();
    },

    changed: tell,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
