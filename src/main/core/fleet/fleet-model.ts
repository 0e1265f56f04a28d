import type { Asset, Location } from '../../../shared/interface';
import type { FleetListed, FleetSnapshot, LivePosition } from '../../../shared/ipc/views';
import { ApiError, type ApiErrorKind } from '../api/api-error';
import type { FleetApi } from '../api/fleet-api';
import type { AssetStore } from '../cache/asset-store';
import type { LiveFeed } from '../live/live-feed';
import { mapBounded } from './bounded-parallel';
import { livePositionOfLocation } from '../../../shared/ipc/location-position';
import { UNLISTED_LIMIT, UnlistedAssets } from './unlisted-assets';

/** docs/architecture.md §3: the list is refreshed in the background; five minutes keeps a 10,000-asset list fresh cheaply. */
export const FLEET_REFRESH_INTERVAL_MS = 5 * 60_000;
const PAGE_CONCURRENCY = 4;
const LOCATION_CONCURRENCY = 8;
/**
 * The sweep hands what it found to the live feed every this many locations or this long, whichever
 * comes first: at 50,000 vehicles it takes about half a minute (docs/architecture.md "National
 * fleets"), and an asset with no cached location should not stay off the map until the last answer.
 */
const LOCATION_BATCH = 1000;
const LOCATION_BATCH_MS = 1000;
/**
 * A live fix of an asset the list does not have asks for the list again, no sooner than this after the
 * last time it was asked for: a new asset is named within a minute instead of five, and a service that
 * keeps sending fixes of assets this user's list leaves out costs one list a minute at most.
 */
export const UNLISTED_REFRESH_GAP_MS = 60_000;

export interface FleetModelOptions {
  readonly assets: AssetStore;
  /** The signed-in connection's fleet API; null when signed out. */
  readonly api: () => FleetApi | null;
  /** Where locations learnt over REST go: the same feed as the live channel's, which orders them. */
  readonly live: Pick<LiveFeed, 'add' | 'seed' | 'latest' | 'forget'>;
  /** What each refresh changed: the list only when it is not the one held, never the positions. */
  onListed(listed: FleetListed): void;
  readonly refreshIntervalMs?: number;
  /** UNLISTED_REFRESH_GAP_MS unless a test says otherwise. */
  readonly unlistedRefreshGapMs?: number;
  /** The most unlisted assets kept (UNLISTED_LIMIT unless a test says otherwise). */
  readonly unlistedLimit?: number;
  readonly now?: () => number;
  /** Locations found before the sweep hands them on (LOCATION_BATCH). */
  readonly locationBatch?: number;
  readonly log?: { warn(message: string): void };
}

/**
 * The fleet as the app shows it: the asset list (every page, in parallel,
 * bounded), the last location of each asset from the cache and the location
 * endpoint (handed to the live feed, which keeps the positions), and a
 * background refresh. Offline, the cached list is served and marked fromCache.
 */
export interface FleetModel {
  snapshot(): FleetSnapshot;
  /** Every page again; offline, the cached list (fromCache true). */
  refresh(): Promise<FleetSnapshot>;
  location(assetId: number): Promise<Location>;
  /** Fixes from the live channel: those of assets the list does not have are held to unlisted-assets.ts' rules. */
  addLive(positions: readonly LivePosition[]): void;
  /** After a reconnect: the last location of every asset (events sent while away are gone). */
  refreshLocations(): Promise<void>;
  assetName(assetId: number): string | null;
  start(): void;
  stop(): void;
}

export function createFleetModel(options: FleetModelOptions): FleetModel {
  const { live } = options;
  const now = options.now ?? Date.now;
  const unlisted = new UnlistedAssets(options.unlistedLimit);
  const listed = (id: number): boolean => names.has(id);
  let askedAt = -Infinity;
  let early: NodeJS.Timeout | null = null;
  let started = false;
  let assets: Asset[] = [];
  let names = new Map<number, string>();
  let fetchedAt: number | null = null;
  let fromCache = true;
  let timer: NodeJS.Timeout | null = null;
  let refreshing: Promise<FleetSnapshot> | null = null;
  let locating: Promise<void> | null = null;

  const setAssets = (list: Asset[], at: number | null): void => {
    assets = list;
    names = new Map(list.map((a) => [a.id, a.name]));
    fetchedAt = at;
  };

  const snapshot = (): FleetSnapshot => ({ assets, positions: live.latest(), fetchedAt, fromCache });

  const requireApi = (): FleetApi => {
    const api = options.api();
    if (!api) throw new ApiError({ kind: 'unauthorized', route: 'fleet', message: 'Not signed in.' });
    return api;
  };

  const refreshInBackground = (): void => {
    // Signed out (the workspace before a sign-in): nothing to refresh, and nothing worth a warning.
    if (!options.api()) return;
    refresh().catch((err: unknown) => options.log?.warn(`Background asset refresh failed: ${String(err)}`));
  };

  /** After a fix of an unlisted asset: the list again, UNLISTED_REFRESH_GAP_MS after it was last asked for. */
  const refreshEarly = (): void => {
    if (early || !started) return;
    const gap = options.unlistedRefreshGapMs ?? UNLISTED_REFRESH_GAP_MS;
    early = setTimeout(
      () => {
        early = null;
        refreshInBackground();
      },
      Math.max(0, askedAt + gap - now()),
    );
    early.unref();
  };

  const doRefresh = async (): Promise<FleetSnapshot> => {
    const asked = now();
    askedAt = asked;
    let changed = false;
    let forgotten: readonly number[] = [];
    try {
      const list = await requireApi().allAssets({ concurrency: PAGE_CONCURRENCY });
      const stored = options.assets.replaceAll(list);
      // What is held came from the cache, which skips a row it cannot read: then it is not the list.
      changed = stored.changed || assets.length !== list.length;
      if (changed) {
        const read = options.assets.list();
        setAssets(read.assets, read.fetchedAt);
      } else fetchedAt = stored.fetchedAt;
      fromCache = false;
      const settled = unlisted.settle(listed, asked);
      if (settled.forget.length > 0) {
        live.forget(settled.forget);
        forgotten = settled.forget;
        options.log?.warn(
          `Live fixes of ${settled.forget.length} assets the asset list does not have are no longer shown.`,
        );
      }
      if (settled.dropped > 0)
        options.log?.warn(
          `${settled.dropped} live fixes dropped: more than ${options.unlistedLimit ?? UNLISTED_LIMIT} assets the asset list does not have sent fixes.`,
        );
      if (settled.waiting > 0) refreshEarly();
      else if (early) {
        clearTimeout(early);
        early = null;
      }
    } catch (err) {
      // Offline (or 503): the cached list stands, marked as such; anything else is the caller's to see.
      if (!(err instanceof ApiError && err.transient)) throw err;
      fromCache = true;
    }
    options.onListed({ assets: changed ? assets : null, forgotten, fetchedAt, fromCache });
    return snapshot();
  };

  const refresh = (): Promise<FleetSnapshot> =>
    (refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    }));

  const doRefreshLocations = async (): Promise<void> => {
    // On a first run the list may still be on its way: locate the assets it brings.
    if (refreshing) await refreshing.catch(() => undefined);
    const api = options.api();
    if (!api) return;
    let found: LivePosition[] = [];
    let handedAt = performance.now();
    const handOn = (): void => {
      if (found.length > 0) live.add(found);
      found = [];
      handedAt = performance.now();
    };
    const batch = options.locationBatch ?? LOCATION_BATCH;
    /** Per kind of failure: how many, and the first one's words (they carry the transport's reason). */
    const failures = new Map<ApiErrorKind | 'error', { count: number; first: string }>();
    await mapBounded(
      assets.map((a) => a.id),
      LOCATION_CONCURRENCY,
      async (id) => {
        const location = await api.location(id);
        options.assets.putLocation(id, location);
        found.push(livePositionOfLocation(id, location));
        if (found.length >= batch || performance.now() - handedAt >= LOCATION_BATCH_MS) handOn();
      },
      (_id, err) => {
        // A 404 is an asset with no fix yet (docs/interface-decisions.md): nothing to refresh, not a failure.
        if (err instanceof ApiError && err.kind === 'not_found') return;
        const kind = err instanceof ApiError ? err.kind : 'error';
        const seen = failures.get(kind);
        if (seen) seen.count++;
        else failures.set(kind, { count: 1, first: err instanceof Error ? err.message : String(err) });
      },
    );
    const failed = [...failures.values()].reduce((sum, f) => sum + f.count, 0);
    if (failed > 0)
      options.log?.warn(
        `Last locations: ${failed} of ${assets.length} assets could not be refreshed (${[...failures]
          .map(([kind, f]) => `${kind}: ${f.count}, first: ${f.first}`)
          .join('; ')}).`,
      );
    handOn();
  };

  /**
   * Every fix that is not the list's own sweep goes through here: live events and a location asked for from
   * an asset's panel alike, so an asset the list does not have is shown and settled by the next list the
   * same way whichever brought it (docs/architecture.md "Live positions").
   */
  const addLive = (positions: readonly LivePosition[]): void => {
    const { admitted, newcomer } = unlisted.admit(positions, listed, now());
    if (admitted.length > 0) live.add(admitted);
    if (newcomer) refreshEarly();
  };

  const cached = options.assets.list();
  setAssets(cached.assets, cached.fetchedAt);
  live.seed(options.assets.locations().map((c) => livePositionOfLocation(c.assetId, c.location)));

  return {
    snapshot,
    refresh,

    async location(assetId) {
      try {
        const location = await requireApi().location(assetId);
        options.assets.putLocation(assetId, location);
        addLive([livePositionOfLocation(assetId, location)]);
        return location;
      } catch (err) {
        if (err instanceof ApiError && err.transient) {
          const known = options.assets.locations().find((c) => c.assetId === assetId);
          if (known) return known.location;
        }
        throw err;
      }
    },

    addLive,

    refreshLocations: () =>
      (locating ??= doRefreshLocations().finally(() => {
        locating = null;
      })),

    assetName: (id) => names.get(id) ?? null,

    start() {
      started = true;
      if (timer) return;
      timer = setInterval(refreshInBackground, options.refreshIntervalMs ?? FLEET_REFRESH_INTERVAL_MS);
      timer.unref();
    },

    stop() {
      started = false;
      if (timer) clearInterval(timer);
      if (early) clearTimeout(early);
      timer = null;
      early = null;
    },
  };
}
