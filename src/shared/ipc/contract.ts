import { z } from 'zod';
import { reportRequestFieldsSchema, trackingLinkRequestSchema } from '../interface';
import {
  remoteProfileSchema,
  settingsPatchSchema,
  type AppInfo,
  type ConnectionStatus,
  type FleetSnapshot,
  type HistoryResult,
  type JsonReportContent,
  type LivePosition,
  type LocalReport,
  type Location,
  type Notice,
  type SessionView,
  type Settings,
  type TrackingLink,
} from './views';
import { fleetAdminMethods } from './fleet-admin-contract';
import type { AccessView, RecordsChanged } from './fleet-admin-views';
import { none, type } from './method-schema';

/**
 * The desktop contract: every method the renderer may call in main, with the
 * zod schema of its argument (checked in main, whatever the renderer sends)
 * and its result type, and every event main pushes. Channel names are these
 * keys; nobody writes one by hand.
 */
const localId = z.object({ localId: z.string().min(1).max(100) });
const assetId = z.object({ assetId: z.int().positive() });

export const ipcMethods = {
  'app.info': { args: none, result: type<AppInfo>() },
  /** The renderer is mounted: queued pushes may flow. */
  'app.ready': { args: none, result: type<null>() },
  'app.copyText': { args: z.object({ text: z.string().max(10_000) }), result: type<null>() },
  /** Opens an https URL (or the local service's loopback page) in the system browser. */
  'app.openExternal': { args: z.object({ url: z.string().max(2000) }), result: type<null>() },

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

  'notices.list': { args: none, result: type<Notice[]>() },
  'notices.dismiss': { args: z.object({ id: z.string().max(200) }), result: type<null>() },

  ...fleetAdminMethods,
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
  'reports.changed': LocalReport;
  'reports.removed': { readonly localId: string };
  'links.changed': TrackingLink[];
  'settings.changed': Settings;
  notice: Notice;
  /** A family of spec 4.3 records changed (or was re-read): screens showing it list it again. */
  'records.changed': RecordsChanged;
  'access.changed': AccessView;
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
  invoke<M extends IpcMethod>(method: M, args?: IpcArgs<M>): Promise<IpcReply<IpcResultValue<M>>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}

export { IPC_INVOKE_CHANNEL, IPC_PUSH_CHANNEL } from './channels';
