import { z } from 'zod';
import {
  ALARM_SEVERITIES,
  ALERT_KINDS,
  type alertBodySchema,
  type geofenceBodySchema,
  type AlarmKind,
  type AlarmSeverity,
  type GeofenceBody,
  type GeoPoint,
} from '../interface';

/**
 * The alarm inbox, geofences and alert rules as the renderer sees them
 * (docs/architecture.md "Alarms"). One inbox per profile, held by the core:
 * alarms the service raised (source 'service') and, against a service without
 * the alarm extension, those the core raised itself from live positions
 * (source 'local', "on this computer only").
 */
export type ItemSource = 'service' | 'local';

export interface AlarmAcknowledgementView {
  /** Who acknowledged it: the service's user name, or this computer's operator for a local alarm. */
  readonly by: string;
  /** The service's user id; null for a local alarm. */
  readonly byUserId: number | null;
  /** Epoch ms. */
  readonly at: number;
  readonly comment: string | null;
}

export interface InboxAlarm {
  /**
   * Unique within the profile's inbox, and opaque: `svc:<service id>` for the service's, `local:…` for one
   * the core raised (derived from the episode, so evaluating it again never makes a second one).
   */
  readonly key: string;
  readonly source: ItemSource;
  /** The service's alarm id; null for a local alarm. */
  readonly serviceId: number | null;
  readonly kind: AlarmKind;
  readonly severity: AlarmSeverity;
  readonly assetId: number;
  readonly assetName: string;
  /** Epoch ms. */
  readonly raisedAt: number;
  /** Where the asset was; null when it had no fix. */
  readonly position: GeoPoint | null;
  /** The measured value and the rule's threshold, in `unit` (shared/interface/alarms.ts ALARM_THRESHOLDS). */
  readonly value: number | null;
  readonly threshold: number | null;
  readonly unit: string | null;
  readonly message: string;
  /** The alert rule that raised it (of the same source), and its geofence for enter/exit. */
  readonly ruleId: number | null;
  readonly geofenceId: number | null;
  readonly acknowledgement: AlarmAcknowledgementView | null;
}

export const ALARM_PAGE_MAX = 500;

/** What the inbox screen asks for: every field narrows; newest first always. */
export const alarmFilterSchema = z.object({
  severities: z.array(z.enum(ALARM_SEVERITIES)).max(ALARM_SEVERITIES.length).optional(),
  kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length).optional(),
  /** An asset, or the assets of a group (the renderer expands the group). */
  assetIds: z.array(z.int().positive()).max(20_000).optional(),
  acknowledged: z.boolean().optional(),
  /** Words matched against the asset's name and the message, case-insensitively. */
  search: z.string().trim().max(200).optional(),
  /** raisedAt within [since, until), epoch ms. */
  since: z.int().nonnegative().optional(),
  until: z.int().nonnegative().optional(),
  limit: z.int().min(1).max(ALARM_PAGE_MAX).default(100),
  offset: z.int().nonnegative().default(0),
});
export type AlarmFilter = z.input<typeof alarmFilterSchema>;
export type ParsedAlarmFilter = z.output<typeof alarmFilterSchema>;

export interface AlarmPage {
  /** Newest first. */
  readonly alarms: readonly InboxAlarm[];
  /** How many alarms match the filter, beyond this page too. */
  readonly total: number;
}

/**
 * Where the inbox's alarms come from. `service`: the service raises them (and
 * the core catches up after every reconnect). `local`: the service has no alarm
 * feed (404 on /alarm), so the core raises what it can from live positions.
 * `unavailable`: nobody is signed in, or it is not known yet (offline since start).
 */
export type AlarmMode = 'service' | 'local' | 'unavailable';

export interface AlarmSummary {
  readonly unacknowledged: number;
  readonly unacknowledgedBySeverity: Readonly<Record<AlarmSeverity, number>>;
  /** Assets with an unacknowledged alarm and the highest severity among them (the map's rings). */
  readonly alarmedAssets: readonly { readonly assetId: number; readonly severity: AlarmSeverity }[];
  readonly mode: AlarmMode;
  /** Why the mode is what it is, in words an operator understands; null in plain service mode. */
  readonly modeReason: string | null;
  /** When the inbox last caught up with the service completely (epoch ms); null before the first time. */
  readonly lastSyncedAt: number | null;
}

/** The renderer's summary until main answers, and main's while nobody is signed in. */
export const EMPTY_ALARM_SUMMARY: AlarmSummary = {
  unacknowledged: 0,
  unacknowledgedBySeverity: { critical: 0, warning: 0, info: 0 },
  alarmedAssets: [],
  mode: 'unavailable',
  modeReason: null,
  lastSyncedAt: null,
};

export const ACKNOWLEDGE_MAX = 500;

export const acknowledgeArgsSchema = z.object({
  keys: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(ACKNOWLEDGE_MAX)
    .refine((keys) => new Set(keys).size === keys.length, { message: 'must not repeat an alarm' }),
  comment: z.string().trim().max(1000).optional(),
});

export interface AcknowledgeRefusal {
  readonly key: string;
  /** An IpcErrorCode: offline, forbidden, not_found, … */
  readonly code:
    | 'offline'
    | 'timeout'
    | 'forbidden'
    | 'not_found'
    | 'unauthorized'
    | 'unavailable'
    | 'rate_limited'
    | 'bad_response'
    | 'internal';
  readonly message: string;
}

export interface AcknowledgeResult {
  /** The alarms now acknowledged, as the inbox holds them (someone else's earlier acknowledgement included). */
  readonly acknowledged: readonly InboxAlarm[];
  readonly refused: readonly AcknowledgeRefusal[];
}

/** Where an alarm was pushed from: the live channel, the catch-up after a reconnect, or the core's own evaluation. */
export type AlarmOrigin = 'live' | 'catch-up' | 'local';

export type GeofenceView = GeofenceBody & {
  readonly id: number;
  readonly source: ItemSource;
};

export type AlertRuleView = z.output<typeof alertBodySchema> & {
  readonly id: number;
  readonly source: ItemSource;
};

/** Edits name their item by source and id: a local geofence 3 and the service's geofence 3 are two things. */
const itemRef = { source: z.enum(['service', 'local']), id: z.int().positive() };
export const itemRefSchema = z.object(itemRef);

/**
 * A geofence or rule body, typed for the renderer but only checked to be an object here: main checks
 * it with the service's own schema and answers `invalid_request` with spec 7's field errors keyed as
 * the service keys them (`shape.points`, `geofence_id`), whether main or the service refused it.
 */
const body = <T>() =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
    message: 'must be an object',
  });
const geofenceBody = body<z.input<typeof geofenceBodySchema>>();
const ruleBody = body<z.input<typeof alertBodySchema>>();

export const geofenceCreateArgsSchema = z.object({ geofence: geofenceBody });
export const geofenceUpdateArgsSchema = z.object({ ...itemRef, geofence: geofenceBody });
export const alertRuleCreateArgsSchema = z.object({ rule: ruleBody });
export const alertRuleUpdateArgsSchema = z.object({ ...itemRef, rule: ruleBody });
