import { z } from 'zod';
import { pageParam, paginationMetaSchema, perPageParam } from './asset';
import { idParam } from './decimal-integer';
import { parseCalendarDate } from './dates';

/**
 * Spec 4.3 names asset-group, service-reminder, renewal-reminder, fuel-entry,
 * odometer-entry and alert by path only; their fields are ours
 * (docs/interface-decisions.md). Each is a plain record: the body below on
 * POST and PUT (PUT replaces), plus id, created_at and updated_at on the way out.
 */
const positiveId = z.int().positive();
const isoTimestamp = z.iso.datetime({ offset: true });
const calendarDate = z
  .string()
  .refine((s) => parseCalendarDate(s) !== null, { message: 'must be a date in the form YYYY-MM-DD' })
  .meta({ format: 'date' });
const label = z.string().trim().min(1).max(120);
const notes = z.string().max(2000).optional();

export const assetGroupBodySchema = z.object({
  name: label,
  description: z.string().max(500).optional(),
  asset_ids: z
    .array(positiveId)
    .max(20_000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat an asset' })
    .default([]),
});

export const serviceReminderBodySchema = z
  .object({
    asset_id: positiveId,
    name: label,
    due_date: calendarDate.optional(),
    due_odometer_km: z.number().min(0).max(10_000_000).optional(),
    repeat_days: z.int().min(1).max(3650).optional(),
    repeat_km: z.number().positive().max(1_000_000).optional(),
    notes,
  })
  .refine((r) => r.due_date !== undefined || r.due_odometer_km !== undefined, {
    path: ['due_date'],
    message: 'due_date or due_odometer_km is required',
  });

export const RENEWAL_KINDS = ['insurance', 'registration', 'inspection', 'license', 'other'] as const;
export const renewalReminderBodySchema = z.object({
  asset_id: positiveId,
  kind: z.enum(RENEWAL_KINDS),
  due_date: calendarDate,
  remind_days_before: z.int().min(0).max(365).default(30),
  notes,
});

export const fuelEntryBodySchema = z.object({
  asset_id: positiveId,
  timestamp: isoTimestamp,
  liters: z.number().positive().max(2000),
  cost: z.number().min(0).max(1_000_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
    .optional(),
  odometer_km: z.number().min(0).max(10_000_000).optional(),
  full_tank: z.boolean().default(true),
  station: z.string().max(200).optional(),
});

export const odometerEntryBodySchema = z.object({
  asset_id: positiveId,
  timestamp: isoTimestamp,
  odometer_km: z.number().min(0).max(10_000_000),
  notes,
});

export const ALERT_KINDS = [
  'overspeed',
  'harsh_driving',
  'geofence_enter',
  'geofence_exit',
  'low_fuel',
  'fuel_drain',
  'temperature_high',
  'power_cut',
  'engine_fault',
  'tracker_offline',
] as const;
export const ALARM_SEVERITIES = ['critical', 'warning', 'info'] as const;
const GEOFENCE_KINDS: readonly string[] = ['geofence_enter', 'geofence_exit'];
/**
 * An alert rule; without asset_id it watches the whole fleet (only users with every asset may create one).
 * The rules decide which alarms the service raises (docs/interface-decisions.md "Alarms and geofences"):
 * `threshold` is in the kind's unit (alarms.ts ALARM_THRESHOLDS), `geofence_id` names the geofence of an
 * enter/exit rule, `severity` overrides the kind's default.
 */
export const alertBodySchema = z
  .object({
    name: label,
    kind: z.enum(ALERT_KINDS),
    asset_id: positiveId.nullable().default(null),
    threshold: z.number().min(-1_000_000).max(1_000_000).optional(),
    geofence_id: positiveId.nullable().default(null),
    severity: z.enum(ALARM_SEVERITIES).optional(),
    enabled: z.boolean().default(true),
    notify_emails: z.array(z.email()).max(20).default([]),
  })
  .refine((r) => !GEOFENCE_KINDS.includes(r.kind) || r.geofence_id !== null, {
    path: ['geofence_id'],
    message: 'an enter or exit rule names its geofence',
  })
  .refine((r) => GEOFENCE_KINDS.includes(r.kind) || r.geofence_id === null, {
    path: ['geofence_id'],
    message: 'only enter and exit rules name a geofence',
  });

/** What every record carries besides its body. */
export const recordMetaSchema = z.object({
  id: positiveId,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

/** One record: `{data: {...}}`; a list: `{data: [...], meta}` (spec 4.2 pagination). */
export const recordResponseSchema = <S extends z.ZodType>(record: S) => z.object({ data: record });
export const recordListResponseSchema = <S extends z.ZodType>(record: S) =>
  z.object({ data: z.array(record), meta: paginationMetaSchema });

/** Lists of the named-only resources page like the asset list (spec 4.2). */
export const recordListQuerySchema = z.object({
  page: pageParam,
  per_page: perPageParam,
  asset_id: idParam.optional(),
});

export const recordIdParamsSchema = z.object({ id: idParam });
