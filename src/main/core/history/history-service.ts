import type { HistoryColumns, HistoryResult } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import type { FleetApi } from '../api/fleet-api';
import type { OfflineCache } from '../cache/offline-cache';
import { coveredUntil, type Interval } from '../cache/intervals';

/**
 * The recent past is not called complete: a tracker that was out of coverage
 * uploads its fixes late. Two minutes is our choice (docs/interface-decisions.md).
 */
export const SETTLE_MS = 120_000;

/**
 * Gaps are fetched in pieces of at most a week, oldest first, each stored as it
 * arrives: a connection lost in the middle of a month keeps the weeks already
 * fetched, and no request nears the service's 31-day limit (HISTORY_MAX_RANGE_DAYS).
 */
export const FETCH_PIECE_MS = 7 * 86_400_000;

/**
 * The next piece is asked for while one is decoded and stored: the service
 * (another process) prepares its answer while the core works on the last one.
 */
export const PIECES_IN_FLIGHT = 2;

function splitGap(gap: Interval): Interval[] {
  const pieces: Interval[] = [];
  for (let start = gap.start; start < gap.end; start += FETCH_PIECE_MS)
    pieces.push({ start, end: Math.min(gap.end, start + FETCH_PIECE_MS) });
  return pieces;
}

export interface HistoryServiceOptions {
  readonly cache: OfflineCache;
  /** The signed-in connection's fleet API; null when signed out (answers come from the cache). */
  readonly fleet: () => FleetApi | null;
  readonly now?: () => number;
  readonly settleMs?: number;
  /** The size cap in bytes; Settings.cacheSizeMb by default. */
  readonly maxBytes?: () => number;
}

/** What `history.get` answers (docs/architecture.md §3): cached where covered, fetched only for the gaps, offline marked. */
export interface HistoryService {
  get(assetId: number, start: number, end: number): Promise<HistoryResult>;
}

export function createHistoryService(options: HistoryServiceOptions): HistoryService {
  const now = options.now ?? Date.now;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const { cache } = options;
  const inFlight = new Map<string, Promise<HistoryResult>>();

  const fetchGaps = async (
    assetId: number,
    gaps: readonly Interval[],
  ): Promise<{ readonly fetched: number; readonly offline: boolean }> => {
    const fleet = options.fleet();
    if (!fleet) return { fetched: 0, offline: true };
    // Nothing exists after now; what is before now - settle is final.
    const pieces = gaps
      .flatMap(splitGap)
      .map((piece) => ({ start: piece.start, end: Math.min(piece.end, now()) }))
      .filter((piece) => piece.end > piece.start);
    const requests: Promise<HistoryColumns>[] = [];
    let fetched = 0;
    for (let k = 0; k < pieces.length; k++) {
      while (requests.length < Math.min(pieces.length, k + PIECES_IN_FLIGHT)) {
        const piece = pieces[requests.length];
        if (!piece) break;
        const request = fleet.history(assetId, piece.start, piece.end);
        // A piece asked for ahead is awaited in its turn; one left behind by an earlier failure is dropped.
        request.catch(() => undefined);
        requests.push(request);
      }
      const piece = pieces[k];
      const request = requests[k];
      if (!piece || !request) break;
      try {
        cache.history.storeFetched(assetId, piece, await request, now() - settleMs);
        fetched++;
      } catch (err) {
        // Unreachable, too slow or overloaded: serve what is cached, marked offline. Anything else
        // (403, 401, 400) is the user's to see.
        if (err instanceof ApiError && err.transient) return { fetched, offline: true };
        throw err;
      }
    }
    return { fetched, offline: false };
  };

  const load = async (assetId: number, start: number, end: number): Promise<HistoryResult> => {
    const range = { start, end };
    const before = cache.history.read(assetId, range);
    if (before.gaps.length === 0)
      return {
        assetId,
        start,
        end,
        points: before.points,
        coverage: { complete: true, completeUntil: end, source: 'cache', offline: false },
      };
    const { fetched, offline } = await fetchGaps(assetId, before.gaps);
    const after =
      fetched > 0 || offline ? cache.history.read(assetId, range, { fillGapsWithLive: offline }) : before;
    if (fetched > 0)
      cache.history.evictToFit(options.maxBytes?.() ?? cache.settings.get().cacheSizeMb * 1024 * 1024);
    const hadCache = before.points.t.length > 0 || before.covered.length > 0;
    return {
      assetId,
      start,
      end,
      points: after.points,
      coverage: {
        complete: after.gaps.length === 0,
        completeUntil: coveredUntil(range, after.covered),
        source: fetched === 0 ? 'cache' : hadCache ? 'mixed' : 'network',
        offline,
      },
    };
  };

  return {
    get(assetId, start, end) {
      // The same view asked twice while loading (a double click, two windows) fetches once.
      const key = `${assetId}:${start}:${end}`;
      const running = inFlight.get(key);
      if (running) return running;
      const task = load(assetId, start, end).finally(() => inFlight.delete(key));
      inFlight.set(key, task);
      return task;
    },
  };
}
