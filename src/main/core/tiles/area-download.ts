import type { OfflineArea, OfflineAreaPlan, OfflineAreaProgress } from '../../../shared/ipc/views';
import { allowsBulkDownload } from './bulk-policy';
import { tileCount, tilesIn } from './tile-area';
import type { TileService } from './tile-service';
import type { TileUsage } from './tile-store';

/** The most tiles one "available offline" download fetches: a city at street level, not a country. */
export const MAX_AREA_TILES = 10_000;
/** A raster tile's size when the cache has none yet to average (OSM's are 10–30 kB). */
const TYPICAL_TILE_BYTES = 20 * 1024;
/** Two at a time: a bulk download must not crowd out the tile server's other users. */
const CONCURRENCY = 2;
const PROGRESS_EVERY_MS = 250;

export interface AreaDownloads {
  plan(area: OfflineArea): OfflineAreaPlan;
  /** Starts the download unless the plan refuses it (a download under way is cancelled first). */
  start(area: OfflineArea): OfflineAreaPlan;
  cancel(): void;
  /** Resolves when the download under way (if any) has ended. */
  idle(): Promise<void>;
}

export interface AreaDownloadsOptions {
  readonly service: TileService;
  readonly usage: () => TileUsage;
  readonly template: () => string;
  readonly capBytes: () => number;
  readonly progress: (p: OfflineAreaProgress) => void;
  readonly now?: () => number;
}

/**
 * "Make this area available offline" (docs/architecture.md "Map tiles"):
 * every tile of an area and zoom range fetched through the tile service (so
 * into the tile cache), with a plan first — count, size estimate, and a
 * refusal where the tile server's policy forbids bulk downloads, the count
 * is past MAX_AREA_TILES or the estimate past the cache's size.
 */
export function createAreaDownloads(options: AreaDownloadsOptions): AreaDownloads {
  const now = options.now ?? Date.now;
  let running: { cancelled: boolean; ended: Promise<void> } | null = null;

  const plan = (area: OfflineArea): OfflineAreaPlan => {
    const tiles = tileCount(area.bounds, area.minZoom, area.maxZoom);
    const usage = options.usage();
    const perTile = usage.tiles > 0 ? usage.bytes / usage.tiles : TYPICAL_TILE_BYTES;
    const estimatedBytes = Math.round(tiles * perTile);
    const refusal = !allowsBulkDownload(options.template())
      ? 'bulk-forbidden'
      : tiles > MAX_AREA_TILES
        ? 'too-many-tiles'
        : estimatedBytes > options.capBytes()
          ? 'larger-than-cache'
          : null;
    return { tiles, estimatedBytes, maxTiles: MAX_AREA_TILES, refusal };
  };

  async function run(area: OfflineArea, total: number, job: { cancelled: boolean }): Promise<void> {
    const next = tilesIn(area.bounds, area.minZoom, area.maxZoom);
    const p = { total, done: 0, failed: 0, bytes: 0 };
    let lastSent = 0;
    const send = (state: OfflineAreaProgress['state']): void => {
      lastSent = now();
      options.progress({ state, ...p });
    };
    send('running');
    const worker = async (): Promise<void> => {
      for (;;) {
        if (job.cancelled) return;
        const step = next.next();
        if (step.done) return;
        // A cache closed under it (the app quitting) counts the tile as failed; the download ends.
        const answer = await options.service.tile(step.value).catch(() => null);
        if (answer?.ok) {
          p.done++;
          p.bytes += answer.bytes.length;
        } else p.failed++;
        if (now() - lastSent >= PROGRESS_EVERY_MS) send('running');
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    send(job.cancelled ? 'cancelled' : 'done');
  }

  const cancel = (): void => {
    if (running) running.cancelled = true;
  };

  return {
    plan,
    start(area) {
      const planned = plan(area);
      if (planned.refusal) return planned;
      cancel();
      const job = { cancelled: false, ended: Promise.resolve() };
      job.ended = run(area, planned.tiles, job).finally(() => {
        if (running === job) running = null;
      });
      running = job;
      return planned;
    },
    cancel,
    idle: () => running?.ended ?? Promise.resolve(),
  };
}
