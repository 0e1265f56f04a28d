import type { HistoryColumns, HistoryResult } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import type { FleetApi } from '../api/fleet-api';
import type { OfflineCache } from '../cache/offline-cache';
import { concatColumns, sortUnique, viewByTime } from '../cache/history-columns';
import { coveredUntil, gaps as gapsOf, intersect, union, type Interval } from '../cache/intervals';

/**
 * The recent past is not called complete: a tracker that was out of coverage
 * uploads its fixes late. Two minutes is our choice (docs/interface-decisions.md).
 */
export const SETTLE_MS = 120_000;

/**
 * Gaps are fetched in pieces of at most a week, oldest first: a connection lost
 * in the middle of a month keeps the weeks already fetched, and no request nears
 * the service's 31-day limit (HISTORY_MAX_RANGE_DAYS). The pieces are written to
 * the cache just after the answer is sent (about 150 ms for a month of 10 s
 * fixes, off the operator's wait); the next load waits for that write.
 */
export const FETCH_PIECE_MS = 7 * 86_400_000;

/**
 * The next piece is asked for while one is decoded: the service (another
 * process) prepares its answer while the core works on the last one.
 */
export const PIECES_IN_FLIGHT = 2;

interface Fetched {
  readonly piece: Interval;
  /** Sorted, one fix per instant (history-columns.ts sortUnique), as the cache stores them. */
  readonly points: HistoryColumns;
  readonly completeUntil: number;
}

interface Loaded {
  readonly result: HistoryResult;
  /** Writes the fetched pieces into the cache; null when nothing is left to write. */
  readonly store: (() => void) | null;
}

/** The cached points with each fetched piece's range replaced by the piece, as storing them would leave it. */
function withFetched(cached: HistoryColumns, fetched: readonly Fetched[]): HistoryColumns {
  if (fetched.length === 0) return cached;
  const parts: HistoryColumns[] = [];
  let from = -Infinity;
  for (const f of fetched) {
    parts.push(viewByTime(cached, from, f.piece.start), viewByTime(f.points, f.piece.start, f.piece.end));
    from = f.piece.end;
  }
  parts.push(viewByTime(cached, from, Infinity));
  return concatColumns(parts);
}

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

  const capBytes = (): number => options.maxBytes?.() ?? cache.settings.get().cacheSizeMb * 1024 * 1024;

  const store = (assetId: number, fetched: readonly Fetched[]): void => {
    for (const f of fetched) cache.history.storeFetched(assetId, f.piece, f.points, f.completeUntil);
    if (fetched.length > 0) cache.history.evictToFit(capBytes());
  };

  /** The gaps' pieces, oldest first, none stored yet; a refusal (403, 401, 400) stores what came before it. */
  const fetchGaps = async (
    assetId: number,
    gaps: readonly Interval[],
  ): Promise<{ readonly fetched: readonly Fetched[]; readonly offline: boolean }> => {
    const fleet = options.fleet();
    if (!fleet) return { fetched: [], offline: true };
    // Nothing exists after now; what is before now - settle is final.
    const pieces = gaps
      .flatMap(splitGap)
      .map((piece) => ({ start: piece.start, end: Math.min(piece.end, now()) }))
      .filter((piece) => piece.end > piece.start);
    const requests: Promise<HistoryColumns>[] = [];
    const fetched: Fetched[] = [];
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
        fetched.push({ piece, points: sortUnique(await request), completeUntil: now() - settleMs });
      } catch (err) {
        // Unreachable, too slow or overloaded: serve what is cached, marked offline. Anything else
        // (403, 401, 400) is the user's to see.
        if (err instanceof ApiError && err.transient) return { fetched, offline: true };
        store(assetId, fetched);
        throw err;
      }
    }
    return { fetched, offline: false };
  };

  const load = async (assetId: number, start: number, end: number): Promise<Loaded> => {
    const range = { start, end };
    const before = cache.history.read(assetId, range);
    if (before.gaps.length === 0)
      return {
        result: {
          assetId,
          start,
          end,
          points: before.points,
          coverage: { complete: true, completeUntil: end, source: 'cache', offline: false },
        },
        store: null,
      };
    const { fetched, offline } = await fetchGaps(assetId, before.gaps);
    const hadCache = before.points.t.length > 0 || before.covered.length > 0;
    const source = fetched.length === 0 ? 'cache' : hadCache ? 'mixed' : 'network';
    if (offline) {
      // Rare, and the answer fills gaps from the live positions the cache holds: stored, then read.
      store(assetId, fetched);
      const after = cache.history.read(assetId, range, { fillGapsWithLive: true });
      return {
        result: {
          assetId,
          start,
          end,
          points: after.points,
          coverage: {
            complete: after.gaps.length === 0,
            completeUntil: coveredUntil(range, after.covered),
            source,
            offline,
          },
        },
        store: null,
      };
    }
    // The answer is what the cache will hold once the pieces are stored; storing waits until it is sent.
    const covered = intersect(
      union(
        before.covered,
        fetched.map((f) => ({ start: f.piece.start, end: Math.min(f.piece.end, f.completeUntil) })),
      ),
      [range],
    );
    return {
      result: {
        assetId,
        start,
        end,
        points: withFetched(before.points, fetched),
        coverage: {
          complete: gapsOf(range, covered).length === 0,
          completeUntil: coveredUntil(range, covered),
          source,
          offline,
        },
      },
      store: fetched.length > 0 ? () => store(assetId, fetched) : null,
    };
  };

  /** Stores written after their answer went out, in order; a load waits for them so it reads them back. */
  let storing: Promise<void> = Promise.resolve();
  const storeAfterAnswer = (write: () => void): void => {
    storing = storing.then(
      () =>
        new Promise<void>((resolve) =>
          // setImmediate runs after the answer's promise has settled and the IPC reply has been cloned.
          setImmediate(() => {
            try {
              write();
            } catch {
              // The answer was delivered and the service still has the positions: a cache that could not
              // take them (closed at quit, disk full) fetches them again next time.
            }
            resolve();
          }),
        ),
    );
  };

  return {
    get(assetId, start, end) {
      // The same view asked twice while loading (a double click, two windows) fetches once.
      const key = `${assetId}:${start}:${end}`;
      const running = inFlight.get(key);
      if (running) return running;
      const task = storing
        .then(() => load(assetId, start, end))
        .then(({ result, store: write }) => {
          if (write) storeAfterAnswer(write);
          return result;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, task);
      return task;
    },
  };
}
