import { z } from 'zod';
import { reportRequestFieldsSchema, trackingLinkRequestSchema } from '../interface';
import {
  remoteProfileSchema,
  settingsPatchSchema,
  type AppInfo,
  type ConnectionStatus,
  type FleetListed,
  type FleetSnapshot,
  type HistoryResult,
  type JsonReportContent,
  type LivePosition,
  type LocalReport,
  type Location,
  type Notice,
  type SessionView,
  type Settings,
  offlineAreaSchema,
  type MbtilesBaseLayer,
  type OfflineAreaPlan,
  type OfflineAreaProgress,
  type TileCacheUsage,
  type TrackingLink,
} from './views';
import { fleetAdminMethods } from './fleet-admin-contract';
import type { AccessView, RecordsChanged } from './fleet-admin-views';
import { none, type } from './method-schema';
import {
  acknowledgeArgsSchema,
  alarmFilterSchema,
  alertRuleCreateArgsSchema,
  alertRuleUpdateArgsSchema,
  geofenceCreateArgsSchema,
  geofenceUpdateArgsSchema,
  itemRefSchema,
  type AcknowledgeResult,
  type AlarmOrigin,
  type AlarmPage,
  type AlarmSummary,
  type AlertRuleView,
  type GeofenceView,
  type InboxAlarm,
} from './alarm-views';

/**
 * The desktop contract: every method the renderer may call in main, with the
 * zod schema of its argument (checked in main, whatever the renderer sends)
 * and its result type, and every event main pushes. Channel names are these
 * keys; nobody writes one by hand.
 */
const localId = z.object({ localId: z.string().min(1).max(100) });
const assetId = z.object({ assetId: z.int().positive() });
/** 8 MiB as base64: well inside the browser shell's 16 MiB IPC frame (bridge-socket.ts). */
const MBTILES_BASE64_MAX = Math.ceil((8 * 1024 * 1024) / 3) * 4;

/** Where an unhandled error in the page came from: a window `error`, an unhandled rejection, Vue's errorHandler. */
export const REPORTED_ERROR_KINDS = ['error', 'unhandledrejection', 'vue'] as const;
/**
 * The longest texts of `app.reportError`. The page cuts its own to these (a long message is logged
 * cut, not lost); main refuses anything longer, so a page cannot fill the log with one call.
 */
export const REPORTED_ERROR_LIMITS = { message: 2_000, stack: 16_000, where: 500 } as const;

export const ipcMethods = {
  'app.info': { args: none, result: type<AppInfo>() },
  /** The renderer is mounted: queued pushes may flow. */
  'app.ready': { args: none, result: type<null>() },
  /** The renderer took a live.positions batch and drew a frame since: main may send the next (push-channel.ts). */
  'app.liveTaken': { args: none, result: type<null>() },
  'app.copyText': { args: z.object({ text: z.string().max(10_000) }), result: type<null>() },
  /** Opens an https URL (or the local service's loopback page) in the system browser. */
  'app.openExternal': { args: z.object({ url: z.string().max(2000) }), result: type<null>() },
  /**
   * An error the page did not handle, for main's log, where the developers read what the operator
   * sends them (main limits how many it writes: app/renderer-errors.ts).
   */
  'app.reportError': {
    args: z.object({
      kind: z.enum(REPORTED_ERROR_KINDS),
      message: z.string().max(REPORTED_ERROR_LIMITS.message),
      stack: z.string().max(REPORTED_ERROR_LIMITS.stack).optional(),
      /** A script's file:line:col, or Vue's account of where in a component it was thrown. */
      where: z.string().max(REPORTED_ERROR_LIMITS.where).optional(),
    }),
    result: type<null>(),
  },

  'session.get': { args: none, result: type<SessionView>() },
  'session.signInDemo': { args: none, result: type<SessionView>() },
  'session.signInRemote': {
    args: z.object({
      profile: remoteProfileSchema,
      token: z.string().trim().min(8).max(4096),
      /** Only meaningful where the OS has no real keyring (Linux basic_text). */
      persistToken: z.boolean().default(false),
    }),
    result: type<SessionView>(),
  },
  /**
   * Signs in through the system browser (RFC 8252): discovery at the address, the service's sign-in
   * page in the browser, the answer on a loopback address. Resolves once the operator has signed in
   * there (or refused, or cancelled). The address is checked in main (https, or plain on loopback).
   */
  'session.signInWithBrowser': {
    args: z.object({
      address: z.string().trim().min(1).max(2000),
      name: z.string().trim().min(1).max(80).optional(),
      /** Only meaningful where the OS has no real keyring (Linux basic_text). */
      persistToken: z.boolean().default(false),
    }),
    result: type<SessionView>(),
  },
  /** Stops waiting for the browser: its sign-in fails as cancelled, nothing is kept. */
  'session.cancelSignIn': { args: none, result: type<null>() },
  /** Opens the page of the sign-in under way again (its tab was closed, or a popup blocker held it back). */
  'session.openSignInPage': { args: none, result: type<null>() },
  'session.signOut': { args: none, result: type<SessionView>() },

  'connection.get': { args: none, result: type<ConnectionStatus>() },

  'fleet.snapshot': { args: none, result: type<FleetSnapshot>() },
  'fleet.refresh': { args: none, result: type<FleetSnapshot>() },
  'fleet.location': { args: assetId, result: type<Location>() },

  'history.get': {
    args: z
      .object({ assetId: z.int().positive(), start: z.int().nonnegative(), end: z.int().nonnegative() })
      .refine((a) => a.end > a.start, { message: 'end must be after start', path: ['end'] })
      .refine((a) => a.end - a.start <= 31 * 86_400_000, { message: 'at most 31 days', path: ['end'] }),
    result: type<HistoryResult>(),
  },

  /**
   * Refused with `duplicate` (details.localId names it) when an identical request (the service's
   * cache key, docs/interface-decisions.md "Reports lifecycle") is waiting, with the service, or
   * completed in the last 10 minutes. `allowDuplicate` sends a twin of one still in progress all the
   * same, and answers the completed twin itself (the service would answer the same report from its cache).
   */
  'reports.submit': {
    args: z.object({ request: reportRequestFieldsSchema, allowDuplicate: z.boolean().default(false) }),
    result: type<LocalReport>(),
  },
  'reports.list': { args: none, result: type<LocalReport[]>() },
  'reports.retry': { args: localId, result: type<LocalReport>() },
  'reports.remove': { args: localId, result: type<null>() },
  'reports.data': { args: localId, result: type<JsonReportContent>() },
  /**
   * Downloads if needed, then the native Save dialog with the spec's filename. `path` is where the
   * user's copy is; null when cancelled, and in the browser shell, where the browser downloads the
   * file to a place the host cannot know.
   */
  'reports.save': { args: localId, result: type<{ saved: boolean; path: string | null }>() },
  'reports.open': { args: localId, result: type<null>() },
  'reports.showInFolder': { args: localId, result: type<null>() },

  'links.create': { args: z.object({ request: trackingLinkRequestSchema }), result: type<TrackingLink>() },
  'links.list': { args: none, result: type<TrackingLink[]>() },

  'settings.get': { args: none, result: type<Settings>() },
  'settings.set': { args: settingsPatchSchema, result: type<Settings>() },

  /** The map tile cache's use (docs/architecture.md "Map tiles"), shown beside the cache size. */
  'tiles.usage': { args: none, result: type<TileCacheUsage>() },
  /** Empties the map tile cache; its use afterwards. */
  'tiles.clear': { args: none, result: type<TileCacheUsage>() },
  /** What downloading the area would take, before it starts. */
  'tiles.areaPlan': { args: offlineAreaSchema, result: type<OfflineAreaPlan>() },
  /** Starts downloading the area into the tile cache (one download at a time); the plan, refused or not. */
  'tiles.areaDownload': { args: offlineAreaSchema, result: type<OfflineAreaPlan>() },
  'tiles.areaCancel': { args: none, result: type<null>() },
  /**
   * Imports an MBTiles file as the map's base layer (docs/architecture.md "Map tiles"), checked and copied
   * into the app's data folder. Without `file`, main shows the native open dialog (Electron); the browser
   * shell's page picks the file itself and sends its bytes (at most 8 MiB: one IPC frame). null when the
   * dialog was cancelled.
   */
  'tiles.baseLayerImport': {
    args: z.object({
      file: z
        .object({
          name: z.string().trim().min(1).max(255),
          base64: z.base64().max(MBTILES_BASE64_MAX, 'In this window an MBTiles file may be at most 8 MiB.'),
        })
        .optional(),
    }),
    result: type<MbtilesBaseLayer | null>(),
  },
  /** true: the imported file is the base layer; false: the tile server again (the file is kept). */
  'tiles.baseLayerUse': { args: z.object({ inUse: z.boolean() }), result: type<MbtilesBaseLayer>() },
  /** Forgets the imported file and deletes the app's copy. */
  'tiles.baseLayerRemove': { args: none, result: type<null>() },

  'notices.list': { args: none, result: type<Notice[]>() },
  'notices.dismiss': { args: z.object({ id: z.string().max(200) }), result: type<null>() },

  ...fleetAdminMethods,
  /** The inbox, newest first (alarm-views.ts). */
  'alarms.list': {
    args: z.object({ filter: alarmFilterSchema.default({ limit: 100, offset: 0 }) }),
    result: type<AlarmPage>(),
  },
  'alarms.get': { args: z.object({ key: z.string().min(1).max(100) }), result: type<InboxAlarm>() },
  'alarms.summary': { args: none, result: type<AlarmSummary>() },
  /** Catches up with the service now (and finds out again whether it has the alarm feed). */
  'alarms.sync': { args: none, result: type<AlarmSummary>() },
  /**
   * Through the service, never queued: offline, a service alarm is refused (`offline`); one someone else
   * acknowledged first counts as acknowledged, with their acknowledgement.
   */
  'alarms.acknowledge': { args: acknowledgeArgsSchema, result: type<AcknowledgeResult>() },

  /** The service's geofences, or this computer's (source 'local') when the service has no alarm feed. */
  'geofences.list': { args: none, result: type<GeofenceView[]>() },
  'geofences.create': { args: geofenceCreateArgsSchema, result: type<GeofenceView>() },
  'geofences.update': { args: geofenceUpdateArgsSchema, result: type<GeofenceView>() },
  'geofences.remove': { args: itemRefSchema, result: type<null>() },

  /**
   * The service's rules, or this computer's in local mode, where only geofence enter/exit rules can be
   * kept (speed and silent trackers are the Settings' localSpeedKmh and localOfflineMinutes).
   */
  'alertRules.list': { args: none, result: type<AlertRuleView[]>() },
  'alertRules.create': { args: alertRuleCreateArgsSchema, result: type<AlertRuleView>() },
  'alertRules.update': { args: alertRuleUpdateArgsSchema, result: type<AlertRuleView>() },
  'alertRules.remove': { args: itemRefSchema, result: type<null>() },
} as const;

export type IpcMethod = keyof typeof ipcMethods;
export type IpcArgs<M extends IpcMethod> = z.input<(typeof ipcMethods)[M]['args']>;
export type IpcParsedArgs<M extends IpcMethod> = z.output<(typeof ipcMethods)[M]['args']>;
export type IpcResultValue<M extends IpcMethod> = (typeof ipcMethods)[M]['result'];

/** Pushes from main to the renderer. */
export interface IpcEvents {
  'session.changed': SessionView;
  'connection.changed': ConnectionStatus;
  /** Coalesced live positions, at most 10 batches a second. */
  'live.positions': { readonly positions: readonly LivePosition[] };
  'fleet.changed': FleetSnapshot;
  /** A refresh of the asset list (every five minutes, or asked for): what it changed. */
  'fleet.listed': FleetListed;
  'reports.changed': LocalReport;
  'reports.removed': { readonly localId: string };
  'links.changed': TrackingLink[];
  'settings.changed': Settings;
  /** An offline area's download: at most a few times a second, and once when it ends. */
  'tiles.areaProgress': OfflineAreaProgress;
  notice: Notice;
  /** A notice that is no longer true (a sign-in that ended, signed in again): the renderer drops it. */
  'notice.withdrawn': { readonly id: string };
  /** A family of spec 4.3 records changed (or was re-read): screens showing it list it again. */
  'records.changed': RecordsChanged;
  'access.changed': AccessView;
  /** The inbox's counts or mode changed (at most a few times a second). */
  'alarms.changed': AlarmSummary;
  /** Alarms new to the inbox, for attention (sound, rings); a catch-up's arrive in one push. */
  'alarms.raised': {
    readonly alarms: readonly InboxAlarm[];
    readonly origin: AlarmOrigin;
    /**
     * Read by a new (or reset) inbox's first catch-up: the service's past, not news. The renderer
     * lists them but neither sounds nor notifies (the core's own attention skips them the same way).
     */
    readonly history: boolean;
  };
  /** Alarms whose acknowledgement changed (here or by another operator). */
  'alarms.updated': { readonly alarms: readonly InboxAlarm[] };
  'geofences.changed': GeofenceView[];
  'alertRules.changed': AlertRuleView[];
}
export type IpcEvent = keyof IpcEvents;

/**
 * Every code an IpcError may carry; the renderer matches these, never a
 * message. The service's statuses (spec 7) arrive as invalid_request (400),
 * unauthorized (401), forbidden (403), not_found (404), conflict (409),
 * rate_limited (429) and unavailable (503).
 */
export const IPC_ERROR_CODES = [
  /** The arguments do not match the contract (checked in main). */
  'bad_args',
  /** The caller is not our renderer. */
  'bad_sender',
  'unknown_method',
  /** The request's fields were refused, by the service or by the same checks in main; `details` per field. */
  'invalid_request',
  /** The session needs a new sign-in. */
  'unauthorized',
  'forbidden',
  'not_found',
  /** Not in this state (a report still being generated, a file not downloaded yet). */
  'conflict',
  /** An identical report request is already waiting, with the service, or just completed (reports.submit). */
  'duplicate',
  'rate_limited',
  'unavailable',
  /** The service could not be reached. */
  'offline',
  /** The service offers no browser sign-in (no OAuth metadata): sign in with a token instead. */
  'sign_in_unsupported',
  'timeout',
  'cancelled',
  /** The service's answer does not match the interface, or content is missing. */
  'bad_response',
  'internal',
] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

/** Electron loses thrown errors across IPC (architecture.md §3): every reply is one of these. */
export interface IpcError {
  readonly code: IpcErrorCode;
  readonly message: string;
  readonly details?: Record<string, readonly string[]>;
}
export type IpcReply<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

/** `window.fleetdesk`, exposed by both preloads (Electron and browser shell). */
export interface FleetdeskBridge {
  /** Where main's tile route is (shared/map/tile-route.ts) when not on the page's own origin. */
  readonly tileOrigin?: string;
  invoke<M extends IpcMethod>(method: M, args?: IpcArgs<M>): Promise<IpcReply<IpcResultValue<M>>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}

export { IPC_INVOKE_CHANNEL, IPC_PUSH_CHANNEL } from './channels';
