import { z } from 'zod';
import { errorBodySchema } from './errors';
import { ALARM_SEVERITIES, ALERT_KINDS } from './fleet-records';
import { geoPointSchema } from './geofences';

/**
 * The alarm feed: our extension of the interface (docs/service-interface.md
 * §4.3 and §6.2, docs/interface-decisions.md "Alarms and geofences").
 *
 * - GET  /api/{account}/alarm                 newest first, spec 4.2 paging; filters
 *        since (ISO 8601, raised_at ≥ since), asset_id, kind, severity, acknowledged (true|false)
 * - GET  /api/{account}/alarm/{id}
 * - POST /api/{account}/alarm/{id}/acknowledge  {comment?} (body optional) → {data: alarm}; 409 when already
 *        acknowledged, with the alarm as it was acknowledged in `data` (alarmAcknowledgeConflictBodySchema)
 * - events on private-account.<key>: `alarm.raised` (an alarm or an array of them) and
 *   `alarm.acknowledged` (the alarm as acknowledged). A restricted user's connection gets only
 *   alarms of their assets, as with positions.
 */
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
export type AlarmKind = (typeof ALERT_KINDS)[number];

export const ALARM_RAISED_EVENT = 'alarm.raised';
export const ALARM_ACKNOWLEDGED_EVENT = 'alarm.acknowledged';

const positiveId = z.int().positive();
const isoTimestamp = z.iso.datetime({ offset: true });

export const alarmAcknowledgementSchema = z.object({
  user_id: positiveId,
  user_name: z.string(),
  at: isoTimestamp,
  comment: z.string().max(1000).nullable(),
});

export const alarmSchema = z.object({
  id: positiveId,
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALARM_SEVERITIES),
  asset_id: positiveId,
  asset_name: z.string(),
  raised_at: isoTimestamp,
  /** Where the asset was when the alarm was raised; null when it had no fix. */
  position: geoPointSchema.nullable(),
  /** The measured value and the rule's threshold, in `unit` (km/h, %, °C, min, l, g). */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  unit: z.string().max(10).nullable(),
  /** The alert rule that raised it (spec 4.3 `alert`), and its geofence for enter/exit. */
  rule_id: positiveId.nullable(),
  geofence_id: positiveId.nullable(),
  message: z.string().max(500),
  acknowledgement: alarmAcknowledgementSchema.nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmResponseSchema = z.object({ data: alarmSchema });

/** Spec 6.2 allows a payload to be one object or an array; the same holds here. */
export const alarmRaisedPayloadSchema = z.union([alarmSchema, z.array(alarmSchema)]);

export const alarmAcknowledgeBodySchema = z.object({
  comment: z.string().trim().max(1000).optional(),
});

/**
 * The 409 of acknowledging an alarm someone already acknowledged: spec 7's
 * error body plus `data`, the alarm with the acknowledgement it has, so the
 * second operator's client shows who handled it without another request.
 */
export const alarmAcknowledgeConflictBodySchema = errorBodySchema.extend({ data: alarmSchema });

/** The severity an alarm of each kind has unless its rule says otherwise. */
export const DEFAULT_ALARM_SEVERITY: Readonly<Record<AlarmKind, AlarmSeverity>> = {
  overspeed: 'warning',
  harsh_driving: 'warning',
  geofence_enter: 'info',
  geofence_exit: 'warning',
  low_fuel: 'warning',
  fuel_drain: 'critical',
  temperature_high: 'critical',
  power_cut: 'critical',
  engine_fault: 'critical',
  tracker_offline: 'warning',
};

/** What a rule's `threshold` means for each kind (and the default when a rule gives none). */
export const ALARM_THRESHOLDS: Readonly<
  Record<AlarmKind, { readonly unit: string | null; readonly default: number | null; readonly label: string }>
> = {
  overspeed: { unit: 'km/h', default: 90, label: 'Speed above' },
  harsh_driving: { unit: 'g', default: 0.38, label: 'Acceleration above' },
  geofence_enter: { unit: null, default: null, label: '' },
  geofence_exit: { unit: null, default: null, label: '' },
  low_fuel: { unit: '%', default: 20, label: 'Fuel below' },
  fuel_drain: { unit: 'l', default: 10, label: 'Drop of more than' },
  temperature_high: { unit: '°C', default: 7, label: 'Cargo above' },
  power_cut: { unit: null, default: null, label: '' },
  engine_fault: { unit: null, default: null, label: '' },
  tracker_offline: { unit: 'min', default: 15, label: 'Silent for more than' },
};
