import {
  addDays,
  formatCalendarDate,
  odometerEntryBodySchema,
  odometerEntrySchema,
  parseCalendarDate,
  renewalReminderBodySchema,
  renewalReminderSchema,
  serviceReminderBodySchema,
  serviceReminderSchema,
  type OdometerEntry,
  type OdometerEntryBody,
  type RenewalReminder,
  type RenewalReminderBody,
  type ServiceReminder,
  type ServiceReminderBody,
} from '../../../shared/interface';
import type {
  CachedList,
  ReminderBadge,
  RenewalReminderView,
  ServiceReminderView,
} from '../../../shared/ipc/fleet-admin-views';
import { renewalReminderDue, serviceReminderDue } from '../../../shared/maintenance/reminder-due';
import type { AdminContext } from '../records/admin-context';
import { createRecordCrud } from '../records/record-crud';
import { write } from '../records/service-calls';
import { localDate } from './local-date';
import type { OdometerReadings } from './location-odometers';

const SERVICE = {
  path: 'service-reminder',
  body: serviceReminderBodySchema,
  record: serviceReminderSchema,
} as const;
const RENEWAL = {
  path: 'renewal-reminder',
  body: renewalReminderBodySchema,
  record: renewalReminderSchema,
} as const;
const ODOMETER = {
  path: 'odometer-entry',
  body: odometerEntryBodySchema,
  record: odometerEntrySchema,
} as const;

export interface MaintenanceOptions {
  /** Each asset's odometer at its last known location (spec 2.8), read once per list. */
  readonly locationOdometers: () => OdometerReadings;
}

export type DoneRequest =
  | { readonly kind: 'service'; readonly id: number; readonly doneOn?: string; readonly odometerKm?: number }
  | { readonly kind: 'renewal'; readonly id: number; readonly nextDueDate?: string };

/**
 * Spec 4.3 service-reminder, renewal-reminder and odometer-entry: the
 * Maintenance screen's lists with each reminder's due state (shared
 * reminder-due.ts), the badges, marking done, and odometer readings, which
 * also tell how far a reminder by distance is.
 */
export function createMaintenance(ctx: AdminContext, options: MaintenanceOptions) {
  const byAsset = (r: { readonly asset_id: number }): number => r.asset_id;
  const service = createRecordCrud(ctx, 'serviceReminders', SERVICE, byAsset);
  const renewal = createRecordCrud(ctx, 'renewalReminders', RENEWAL, byAsset);
  const odometer = createRecordCrud(ctx, 'odometer', ODOMETER, byAsset);
  const today = (): string => localDate(ctx.now());

  /** The newest reading: an entered one or the tracker's, whichever was taken last. */
  const odometerKm = (assetId: number, located = options.locationOdometers().get(assetId)): number | null => {
    const entered = odometer.cache
      .cached(assetId)
      .items.reduce<OdometerEntry | null>(
        (best, e) => (best === null || Date.parse(e.timestamp) > Date.parse(best.timestamp) ? e : best),
        null,
      );
    if (entered && (!located || Date.parse(entered.timestamp) >= located.at)) return entered.odometer_km;
    return located?.km ?? null;
  };
  const serviceView = (r: ServiceReminder, readings = options.locationOdometers()): ServiceReminderView => ({
    ...r,
    due: serviceReminderDue(r, today(), odometerKm(r.asset_id, readings.get(r.asset_id))),
  });
  const renewalView = (r: RenewalReminder): RenewalReminderView => ({
    ...r,
    due: renewalReminderDue(r, today()),
  });
  const viewList = <T, V>(list: CachedList<T>, view: (r: T) => V): CachedList<V> => ({
    ...list,
    items: list.items.map(view),
  });

  return {
    service: {
      list: async (assetId?: number) => {
        const readings = options.locationOdometers();
        return viewList(await service.list(assetId), (r) => serviceView(r, readings));
      },
      create: async (body: ServiceReminderBody) => serviceView(await service.create(body)),
      replace: async (id: number, body: ServiceReminderBody) => serviceView(await service.replace(id, body)),
      remove: (id: number) => service.remove(id),
    },
    renewal: {
      list: async (assetId?: number) => viewList(await renewal.list(assetId), renewalView),
      create: async (body: RenewalReminderBody) => renewalView(await renewal.create(body)),
      replace: async (id: number, body: RenewalReminderBody) => renewalView(await renewal.replace(id, body)),
      remove: (id: number) => renewal.remove(id),
    },
    odometer: {
      list: (assetId?: number) => odometer.list(assetId),
      add: (body: OdometerEntryBody) => odometer.create(body),
    },

    /**
     * Marks a reminder done: one that repeats is scheduled again from when
     * the work was done; one that does not is removed (the service keeps no
     * history of done reminders).
     */
    async done(req: DoneRequest): Promise<{ next: ServiceReminderView | RenewalReminderView | null }> {
      if (req.kind === 'renewal') {
        if (req.nextDueDate === undefined) {
          await renewal.remove(req.id);
          return { next: null };
        }
        const current = await write(ctx, (api) => api.records.get(RENEWAL, req.id));
        const { id: _id, created_at: _c, updated_at: _u, ...body } = current;
        return { next: renewalView(await renewal.replace(req.id, { ...body, due_date: req.nextDueDate })) };
      }
      const current = await write(ctx, (api) => api.records.get(SERVICE, req.id));
      if (current.repeat_days === undefined && current.repeat_km === undefined) {
        await service.remove(req.id);
        return { next: null };
      }
      const doneOn = parseCalendarDate(req.doneOn ?? today()) ?? parseCalendarDate(today()) ?? ctx.now();
      const km = req.odometerKm ?? odometerKm(current.asset_id);
      const { id: _id, created_at: _c, updated_at: _u, ...body } = current;
      const next = {
        ...body,
        due_date:
          current.repeat_days === undefined
            ? body.due_date
            : formatCalendarDate(addDays(doneOn, current.repeat_days)),
        due_odometer_km:
          current.repeat_km === undefined || km === null
            ? body.due_odometer_km
            : Math.round((km + current.repeat_km) * 10) / 10,
      };
      return { next: serviceView(await service.replace(req.id, next)) };
    },

    /** Per asset, reminders overdue or due soon; from the service, or the cache offline. */
    async badges(): Promise<ReminderBadge[]> {
      const [services, renewals] = await Promise.all([service.list(), renewal.list()]);
      const badges = new Map<number, { assetId: number; overdue: number; dueSoon: number }>();
      const count = (assetId: number, status: string): void => {
        if (status !== 'overdue' && status !== 'due_soon') return;
        const b = badges.get(assetId) ?? { assetId, overdue: 0, dueSoon: 0 };
        if (status === 'overdue') b.overdue++;
        else b.dueSoon++;
        badges.set(assetId, b);
      };
      const readings = options.locationOdometers();
      for (const r of services.items) count(r.asset_id, serviceView(r, readings).due.status);
      for (const r of renewals.items) count(r.asset_id, renewalView(r).due.status);
      return [...badges.values()].sort((a, b) => a.assetId - b.assetId);
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
