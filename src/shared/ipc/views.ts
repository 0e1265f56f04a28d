import { z } from 'zod';
import type { Asset, JsonReportContent, Location, ReportRequestInput, TrackingLink } from '../interface';
import { carriesTokenSafely, PLAIN_TRANSPORT_MESSAGE } from './secure-transport';
import { isTimeZone } from '../time/time-zone';

/**
 * What the renderer may know. Deliberately no token anywhere (architecture.md §3):
 * the renderer sees whether it is signed in, as whom, and against which service.
 */

/** An address the app sends a token to: TLS, or plain only on this computer (secure-transport.ts). */
const tokenAddress = (protocol: RegExp) =>
  z.url({ protocol }).refine(carriesTokenSafely, PLAIN_TRANSPORT_MESSAGE);

/** A service signed in to with a pasted token: every address given by hand (the fallback, "Sign in with a token"). */
export const remoteProfileSchema = z.object({
  kind: z.literal('remote'),
  name: z.string().trim().min(1).max(80),
  base_url: tokenAddress(/^https?$/),
  ws_url: tokenAddress(/^wss?$/),
  api_url: tokenAddress(/^https?$/),
  api_ws_url: tokenAddress(/^wss?$/),
  tracking_url: tokenAddress(/^https?$/),
  app_key: z.string().trim().min(1).max(200),
  account_key: z.string().trim().min(1).max(200),
  user_id: z.int().positive(),
});
export type RemoteProfile = z.infer<typeof remoteProfileSchema>;

/**
 * A service's address as an OAuth issuer identifier (RFC 8414 §2: no query,
 * no fragment), and one the sign-in may travel to.
 */
export const serviceAddressSchema = tokenAddress(/^https?$/).refine((raw) => {
  const url = new URL(raw);
  return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}, 'must be the service address alone, without ?query, #fragment or user name');

/**
 * A service signed in to through the system browser (OAuth 2.0, RFC 8252):
 * the address is all the operator gives; the service's metadata names the
 * rest (docs/interface-decisions.md, "Sign-in (OAuth 2.0)").
 */
export const oauthProfileSchema = z.object({
  kind: z.literal('oauth'),
  name: z.string().trim().min(1).max(80),
  address: serviceAddressSchema,
});
export type OAuthProfile = z.infer<typeof oauthProfileSchema>;

export const demoProfileSchema = z.object({ kind: z.literal('demo'), name: z.string() });
export const profileSchema = z.discriminatedUnion('kind', [
  demoProfileSchema,
  remoteProfileSchema,
  oauthProfileSchema,
]);
export type Profile = z.infer<typeof profileSchema>;

/** Where the token lives: the OS keychain, Linux's basic_text (obfuscation only), or memory. */
export type SecretStorageKind = 'keychain' | 'basic_text' | 'memory';

export interface SessionView {
  readonly signedIn: boolean;
  /** A 401 was seen: local state is kept, the user signs in again. */
  readonly needsSignIn: boolean;
  readonly profile: Profile | null;
  readonly user: { readonly id: number; readonly name: string } | null;
  readonly secretStorage: SecretStorageKind;
  /** True when the token is stored on disk (always with a keychain; opt-in with basic_text). */
  readonly tokenPersisted: boolean;
  /** A sign-in waiting for the operator in the system browser, and the service it is for. */
  readonly pendingSignIn: { readonly address: string } | null;
}

export type ChannelState =
  'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface ChannelStatus {
  readonly state: ChannelState;
  /** Why it is not connected, in words an operator understands. */
  readonly reason: string | null;
  readonly since: number;
}

/**
 * Whether live positions are coming in (docs/architecture.md "Live positions"): 'starting' until the live
 * channel first connects, 'live' while it is connected and the service answers, 'down' otherwise.
 */
export type FeedState = 'starting' | 'live' | 'down';

export interface FeedStatus {
  readonly state: FeedState;
  /** When the feed entered this state: while 'down', since when positions are not live. */
  readonly since: number;
  /** Why positions are not live, in words an operator understands; null while live or starting. */
  readonly reason: string | null;
  /** The last moment positions were live in this session (when the feed went down); null if never. */
  readonly lastLiveAt: number | null;
}

export interface ConnectionStatus {
  /** Whether the last REST call reached the service. */
  readonly service: 'online' | 'offline' | 'unknown';
  readonly lastOnlineAt: number | null;
  readonly live: ChannelStatus;
  readonly reports: ChannelStatus;
  /** The one state the status bar, the banner, the markers and the asset panel show, derived in main. */
  readonly feed: FeedStatus;
}

/** A live position as the renderer holds it: spec 2.9 flattened, epoch ms. */
export interface LivePosition {
  readonly assetId: number;
  readonly lat: number;
  readonly lon: number;
  readonly speed: number;
  readonly course: number;
  readonly t: number;
  /** moving / idle / stopped as sent by the service (spec 2.9 status.name). */
  readonly state: string;
  readonly ignition: boolean;
}

export interface FleetSnapshot {
  readonly assets: readonly Asset[];
  /** Last known position per asset (from the location endpoint, live updates or the cache). */
  readonly positions: readonly LivePosition[];
  readonly fetchedAt: number | null;
  readonly fromCache: boolean;
}

/**
 * What a refresh of the list changed. Positions are not in it: the renderer holds them from the live
 * pushes, and at 50,000 assets they were a third of a snapshot's tens of megabytes every five minutes
 * (docs/architecture.md "National fleets").
 */
export interface FleetListed {
  /** The new list; null when it is the one the renderer holds (unchanged, or not read: offline). */
  readonly assets: readonly Asset[] | null;
  /** Assets the list left out whose live fixes were shown: no longer (docs/architecture.md "Live positions"). */
  readonly forgotten: readonly number[];
  readonly fetchedAt: number | null;
  readonly fromCache: boolean;
}

/**
 * History as columns of typed arrays: 259,200 points cross IPC as a few
 * buffers instead of 259,200 objects (structured clone copies buffers fast).
 */
export interface HistoryColumns {
  /** Epoch ms, strictly ascending. alt, speed, heading and odometer are NaN where the service sent null. */
  readonly t: Float64Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly alt: Float32Array;
  readonly speed: Float32Array;
  readonly heading: Float32Array;
  readonly odometer: Float64Array;
  /** 1 ignition on, 0 off, 255 unknown. */
  readonly ignition: Uint8Array;
  /** 255 unknown. */
  readonly satellites: Uint8Array;
}

export interface HistoryCoverage {
  /** Every millisecond of the requested range is known complete. */
  readonly complete: boolean;
  /** The end of the leading complete part of the range (epoch ms), or null when none is complete. */
  readonly completeUntil: number | null;
  /** Where the answer came from. */
  readonly source: 'network' | 'cache' | 'mixed';
  /** True when the service could not be reached and only cached data is shown. */
  readonly offline: boolean;
}

export interface HistoryResult {
  readonly assetId: number;
  readonly start: number;
  readonly end: number;
  readonly points: HistoryColumns;
  readonly coverage: HistoryCoverage;
}

export type LocalReportState =
  | 'waiting' // persisted locally, not yet sent (offline, or 3 already in flight)
  | 'submitting'
  | 'queued'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'retrying'; // 503: waiting for Retry-After

export interface LocalReportFile {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  /** Where the downloaded file is kept for offline use; null until downloaded. */
  readonly path: string | null;
  /** Where the user saved it through the Save dialog, if they did. */
  readonly savedPath: string | null;
}

export interface LocalReport {
  readonly localId: string;
  readonly reportId: string | null;
  readonly request: ReportRequestInput;
  readonly title: string;
  readonly state: LocalReportState;
  readonly queuePosition: number | null;
  readonly progress: number;
  readonly errorMessage: string | null;
  /** When a 503 retry or an offline resend happens next (epoch ms). */
  readonly retryAt: number | null;
  readonly createdAt: number;
  readonly completedAt: number | null;
  readonly servedFromCache: boolean;
  readonly file: LocalReportFile | null;
}

export interface Settings {
  readonly tileUrl: string;
  readonly tileAttribution: string;
  readonly cacheSizeMb: number;
  readonly theme: 'system' | 'dark' | 'light';
  /** Names beside the live map's markers while few are on screen (the map's "Names" toggle). */
  readonly mapLabels: boolean;
  readonly autoUpdate: boolean;
  /** Attention (docs/architecture.md "Alarms"): a sound per severity, played by the renderer. */
  readonly alarmSounds: { readonly critical: boolean; readonly warning: boolean; readonly info: boolean };
  /** 0 to 1. */
  readonly alarmVolume: number;
  /** Quiet until then (epoch ms): no sound and no notification; the badge still counts. */
  readonly alarmMuteUntil: number | null;
  /** A desktop notification for every critical alarm. */
  readonly alarmNotifications: boolean;
  /** Local mode only (a service without the alarm feed): a tracker silent for longer raises tracker_offline; null: off. */
  readonly localOfflineMinutes: number | null;
  /** Local mode only: a speed above this raises overspeed; null: off. */
  readonly localSpeedKmh: number | null;
  /** How the renderer shows measures (docs/architecture.md "Formatting"); the service and cache stay metric. */
  readonly speedUnit: SpeedUnit;
  readonly distanceUnit: DistanceUnit;
  readonly volumeUnit: VolumeUnit;
  /** 'system': the computer's zone; otherwise an IANA name ('UTC', or the fleet's own, e.g. 'Europe/Berlin'). */
  readonly timeZone: string;
  /**
   * 14:05 rather than 2:05 PM; null: as the computer's locale writes times, resolved where the times are
   * shown (the renderer's locale is the computer's; main's may not be, e.g. the browser shell's Node).
   */
  readonly hour24: boolean | null;
  readonly dateFormat: DateFormat;
  /**
   * An imported MBTiles file (docs/architecture.md "Map tiles"): main keeps its own copy. While `inUse`, the
   * map's tiles come from it instead of the tile server. Set only by the tiles.baseLayer* methods.
   */
  readonly baseLayer: MbtilesBaseLayer | null;
}

/** What the Settings and the map know of an imported MBTiles file (its metadata, not its tiles). */
export interface MbtilesBaseLayer {
  readonly kind: 'mbtiles';
  /** The metadata's name, else the file's. */
  readonly name: string;
  /** The name of the file the operator chose (only its name: main keeps no path to it). */
  readonly fileName: string;
  readonly minZoom: number;
  readonly maxZoom: number;
  /** west, south, east, north in degrees; null when the metadata names none (the whole world). */
  readonly bounds: readonly [number, number, number, number] | null;
  /** The metadata's attribution, shown as text; null when it has none. */
  readonly attribution: string | null;
  readonly importedAt: number;
  readonly inUse: boolean;
}

export const SPEED_UNITS = ['kmh', 'mph'] as const;
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export const VOLUME_UNITS = ['l', 'usgal'] as const;
/** 'locale': the computer's own ("26 Nov 2026"); 'iso': 2026-11-26; 'dmy': 26/11/2026; 'mdy': 11/26/2026. */
export const DATE_FORMATS = ['locale', 'iso', 'dmy', 'mdy'] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export type VolumeUnit = (typeof VOLUME_UNITS)[number];
export type DateFormat = (typeof DATE_FORMATS)[number];
/** The settings every time, date and measure the renderer shows depends on. */
export type DisplaySettings = Pick<
  Settings,
  'speedUnit' | 'distanceUnit' | 'volumeUnit' | 'timeZone' | 'hour24' | 'dateFormat'
>;

/** Main's settings before the user changes any, and the renderer's until main answers (tiles and a theme from the first frame). */
export const DEFAULT_SETTINGS: Settings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
  cacheSizeMb: 500,
  theme: 'system',
  mapLabels: true,
  autoUpdate: true,
  alarmSounds: { critical: true, warning: true, info: false },
  alarmVolume: 0.7,
  alarmMuteUntil: null,
  alarmNotifications: true,
  localOfflineMinutes: 15,
  localSpeedKmh: 90,
  speedUnit: 'kmh',
  distanceUnit: 'km',
  volumeUnit: 'l',
  timeZone: 'system',
  hour24: null,
  dateFormat: 'locale',
  baseLayer: null,
};

export const settingsPatchSchema = z
  .object({
    tileUrl: z
      .string()
      .max(500)
      // Any order: most servers are {z}/{x}/{y}, ArcGIS-style ones {z}/{y}/{x}.
      .regex(
        /^https?:\/\/(?=.*\{z\})(?=.*\{x\})(?=.*\{y\})./,
        'must be an http(s) tile URL with {z}, {x} and {y}',
      ),
    tileAttribution: z.string().max(300),
    cacheSizeMb: z.int().min(50).max(50_000),
    theme: z.enum(['system', 'dark', 'light']),
    mapLabels: z.boolean(),
    autoUpdate: z.boolean(),
    alarmSounds: z.object({ critical: z.boolean(), warning: z.boolean(), info: z.boolean() }),
    alarmVolume: z.number().min(0).max(1),
    alarmMuteUntil: z.int().nonnegative().nullable(),
    alarmNotifications: z.boolean(),
    localOfflineMinutes: z.int().min(1).max(1440).nullable(),
    localSpeedKmh: z.number().min(10).max(400).nullable(),
    speedUnit: z.enum(SPEED_UNITS),
    distanceUnit: z.enum(DISTANCE_UNITS),
    volumeUnit: z.enum(VOLUME_UNITS),
    timeZone: z
      .string()
      .refine(
        (name) => name === 'system' || isTimeZone(name),
        'must be "system" or a time zone such as Europe/Berlin',
      ),
    hour24: z.boolean().nullable(),
    dateFormat: z.enum(DATE_FORMATS),
  })
  .partial();

/** The longest texts and the zoom levels of an MBTiles base layer the Settings keep. */
export const MBTILES_LIMITS = { name: 300, attribution: 2000, maxZoom: 30 } as const;

export const mbtilesBaseLayerSchema = z.object({
  kind: z.literal('mbtiles'),
  name: z.string().max(MBTILES_LIMITS.name),
  fileName: z.string().max(MBTILES_LIMITS.name),
  minZoom: z.int().min(0).max(MBTILES_LIMITS.maxZoom),
  maxZoom: z.int().min(0).max(MBTILES_LIMITS.maxZoom),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  attribution: z.string().max(MBTILES_LIMITS.attribution).nullable(),
  importedAt: z.int().nonnegative(),
  inUse: z.boolean(),
});

/**
 * What main keeps: the renderer's patch plus the base layer, which only main sets (after checking the file
 * it copied), never the renderer's settings.set.
 */
export const storedSettingsSchema = settingsPatchSchema.extend({
  baseLayer: mbtilesBaseLayerSchema.nullable().optional(),
});

export interface Notice {
  readonly id: string;
  readonly kind: 'deprecation' | 'keyring' | 'update' | 'error' | 'info';
  readonly message: string;
  readonly at: number;
}

/** The map tile cache on this computer: bytes and tiles kept. */
export interface TileCacheUsage {
  readonly bytes: number;
  readonly tiles: number;
}

/** An area of the map to make available offline: the visible bounds in degrees, and a zoom range. */
export const offlineAreaSchema = z
  .object({
    bounds: z.object({
      west: z.number().min(-180).max(180),
      south: z.number().min(-90).max(90),
      east: z.number().min(-180).max(180),
      north: z.number().min(-90).max(90),
    }),
    minZoom: z.int().min(0).max(19),
    maxZoom: z.int().min(0).max(19),
  })
  .refine((a) => a.minZoom <= a.maxZoom, { message: 'the lowest zoom must not be above the highest' })
  .refine((a) => a.bounds.west <= a.bounds.east && a.bounds.south <= a.bounds.north, {
    message: 'the bounds must be west ≤ east and south ≤ north',
  });
export type OfflineArea = z.infer<typeof offlineAreaSchema>;

/**
 * What downloading an area would take, and why it may not start: the tile server's usage policy forbids
 * bulk downloads (OpenStreetMap's), more tiles than the app downloads at once, or more bytes than the
 * tile cache may hold.
 */
export interface OfflineAreaPlan {
  readonly tiles: number;
  readonly estimatedBytes: number;
  readonly maxTiles: number;
  readonly refusal: 'bulk-forbidden' | 'too-many-tiles' | 'larger-than-cache' | null;
}

/** A download under way or ended (pushed as 'tiles.areaProgress'). */
export interface OfflineAreaProgress {
  readonly state: 'running' | 'done' | 'cancelled';
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly bytes: number;
}

export interface AppInfo {
  readonly version: string;
  readonly platform: string;
  readonly shell: 'electron' | 'browser';
}

export type { Asset, JsonReportContent, Location, TrackingLink };
