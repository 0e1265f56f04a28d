import { ApiError } from '../api/api-error';
import { readBodyWithin } from '../api/body-limit';
import { freshnessOf } from './tile-freshness';
import { isTileInWorld, sourceKey, tileAddress, type TileCoords } from './tile-source';
import type { StoredTile, TileKey, TileStore } from './tile-store';

/** Why there is no tile to show: the route turns each into its HTTP status. */
export type TileFailure = 'outside-world' | 'not-found' | 'upstream-error' | 'unreachable';

export type TileAnswer =
  | {
      readonly ok: true;
      readonly bytes: Buffer;
      readonly contentType: string;
      /**
       * network: fetched now; cache: kept and fresh; stale: kept, shown because the upstream failed;
       * file: the imported MBTiles base layer (base-layer.ts).
       */
      readonly from: 'network' | 'cache' | 'stale' | 'file';
    }
  | { readonly ok: false; readonly failure: TileFailure };

export interface TileService {
  tile(at: TileCoords): Promise<TileAnswer>;
}

export interface TileServiceOptions {
  readonly store: TileStore;
  /** The Settings' tile URL template, read on every request (a change takes effect at once). */
  readonly template: () => string;
  /** The Settings' cache size in bytes. */
  readonly capBytes: () => number;
  /** Sent with every request: the OSM tile usage policy requires an application's own User-Agent. */
  readonly userAgent: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  /** An upstream slower than this counts as unreachable (the kept copy is served instead). */
  readonly timeoutMs?: number;
}

/**
 * Raster tiles only: an SVG or HTML answer served from the app's own origin
 * could run script there.
 */
const TILE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Far above any real 256 px tile; a bigger answer is not a tile. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;

type Fetched =
  | { readonly kind: 'tile'; readonly tile: StoredTile; readonly store: boolean }
  | { readonly kind: 'failed'; readonly failure: Exclude<TileFailure, 'outside-world'> };

/**
 * Every tile the map shows comes through here (docs/architecture.md "Map
 * tiles"): a fresh kept copy is served as is; otherwise the tile server is
 * asked (one request per tile, however many wait for it) and a good answer
 * kept; when the server fails or cannot be reached, the kept copy however old.
 * Bad answers (errors, non-images, empty bodies) are never kept.
 */
export function createTileService(options: TileServiceOptions): TileService {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const inFlight = new Map<string, Promise<Fetched>>();

  async function fromUpstream(template: string, at: TileCoords): Promise<Fetched> {
    let res: Response;
    try {
      res = await doFetch(tileAddress(template, at), {
        headers: { 'user-agent': options.userAgent, accept: 'image/png,image/jpeg,image/webp;q=0.9' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { kind: 'failed', failure: 'unreachable' };
    }
    try {
      if (res.status === 404) return { kind: 'failed', failure: 'not-found' };
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!res.ok || !TILE_TYPES.has(contentType)) return { kind: 'failed', failure: 'upstream-error' };
      let body: Uint8Array;
      try {
        // Counted as it arrives: a chunked or compressed answer says no length, and one that never ends
        // must not fill main's memory.
        body = await readBodyWithin(res, MAX_TILE_BYTES, 'GET tile');
      } catch (err) {
        if (err instanceof ApiError) return { kind: 'failed', failure: 'upstream-error' };
        throw err;
      }
      if (body.length === 0) return { kind: 'failed', failure: 'upstream-error' };
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      const fetchedAt = now();
      const fresh = freshnessOf(res.headers, fetchedAt);
      return {
        kind: 'tile',
        tile: { bytes, contentType, fetchedAt, freshUntil: fresh.freshUntil },
        store: fresh.store,
      };
    } catch {
      // The body broke off half way: as good as no answer.
      return { kind: 'failed', failure: 'unreachable' };
    } finally {
      if (!res.bodyUsed) await res.body?.cancel().catch(() => undefined);
    }
  }

  function fetchOnce(template: string, key: TileKey): Promise<Fetched> {
    const id = `${key.source}/${key.z}/${key.x}/${key.y}`;
    let pending = inFlight.get(id);
    if (!pending) {
      pending = fromUpstream(template, key).then((fetched) => {
        if (fetched.kind === 'tile' && fetched.store) {
          options.store.put(key, fetched.tile);
          options.store.evictTo(options.capBytes());
        }
        return fetched;
      });
      const forget = (): void => void inFlight.delete(id);
      pending.then(forget, forget);
      inFlight.set(id, pending);
    }
    return pending;
  }

  return {
    async tile(at) {
      if (!isTileInWorld(at)) return { ok: false, failure: 'outside-world' };
      const template = options.template();
      const key: TileKey = { source: sourceKey(template), z: at.z, x: at.x, y: at.y };
      const kept = options.store.get(key);
      if (kept && kept.freshUntil > now())
        return { ok: true, bytes: kept.bytes, contentType: kept.contentType, from: 'cache' };
      const fetched = await fetchOnce(template, key);
      if (fetched.kind === 'tile')
        return {
          ok: true,
          bytes: fetched.tile.bytes,
          contentType: fetched.tile.contentType,
          from: 'network',
        };
      // A tile the server says does not exist is not shown from an old copy either.
      if (kept && fetched.failure !== 'not-found')
        return { ok: true, bytes: kept.bytes, contentType: kept.contentType, from: 'stale' };
      return { ok: false, failure: fetched.failure };
    },
  };
}
