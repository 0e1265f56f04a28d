import type { LivePosition } from '../../../shared/ipc/views';
import { replacesFix } from '../../../shared/time/clock-ahead';

/** Architecture.md §3: at most 10 pushes a second to the renderer. */
export const LIVE_FLUSH_INTERVAL_MS = 100;

export interface LiveFeedOptions {
  /** One batch into the history cache: one SQLite transaction, not one per position. */
  append(positions: readonly LivePosition[]): void;
  /** One batch to the renderer. */
  push(positions: readonly LivePosition[]): void;
  readonly intervalMs?: number;
  readonly now?: () => number;
  readonly log?: { warn(message: string): void };
}

/**
 * The one owner of live positions (architecture.md §3): fed by the live
 * channel and by REST reconciliation alike, it keeps the newest fix of each
 * asset, coalesces what arrives into one batch per interval (a burst of
 * 10,000 updates becomes one push and one SQLite transaction), appends the
 * batch to the history cache and pushes to the renderer only fixes newer than
 * the ones it pushed before, so nobody downstream orders positions again. A fix stamped in the future (a
 * tracker's skewed clock) is shown only until a fix with a believable time arrives, which it never blocks.
 */
export interface LiveFeed {
  /** Positions from the live channel or from a REST location: coalesced, cached, pushed. */
  add(positions: readonly LivePosition[]): void;
  /** Positions the renderer gets with the snapshot (the cache's at start): neither cached again nor pushed. */
  seed(positions: readonly LivePosition[]): void;
  /** The newest known fix of every asset. */
  latest(): LivePosition[];
  /** Assets the list turned out not to have (fleet/unlisted-assets.ts): their fixes are no longer kept. */
  forget(assetIds: readonly number[]): void;
  /**
   * Each batch's news (the fixes newer than any before them), as pushed: for those who act on positions
   * (the local alarm evaluation) without ordering them again. Returns the unsubscribe.
   */
  subscribe(listener: (positions: readonly LivePosition[]) => void): () => void;
  /** Nothing is cached or pushed after this (the cache is about to close); what is pending is dropped. */
  stop(): void;
}

export function createLiveFeed(options: LiveFeedOptions): LiveFeed {
  const intervalMs = options.intervalMs ?? LIVE_FLUSH_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const newest = new Map<number, LivePosition>();
  let pending = new Map<number, LivePosition>();
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = -Infinity;
  let stopped = false;
  const listeners = new Set<(positions: readonly LivePosition[]) => void>();

  // Spec 6.2 promises no ordering, and a REST answer may be older than a live fix: the newest wins. A stamp
  // ahead of this computer's clock wins nothing by itself: across the clock, the fix arriving now wins.
  const newer = (prev: LivePosition | undefined, p: LivePosition, at: number): boolean =>
    !prev || replacesFix(p.t, prev.t, at);

  const flush = (): void => {
    timer = null;
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    lastFlush = now();
    // A fix that was already overtaken when it arrived still belongs to the asset's track.
    const news = batch.filter((p) => newest.get(p.assetId) === p);
    if (news.length > 0) {
      options.push(news);
      for (const l of listeners) {
        try {
          l(news);
        } catch (err) {
          options.log?.warn(
            `A live positions listener failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      }
    }
    try {
      options.append(batch);
    } catch (err) {
      options.log?.warn(`Live batch not cached: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return {
    add(positions) {
      if (stopped) return;
      const at = now();
      for (const p of positions) {
        if (newer(newest.get(p.assetId), p, at)) newest.set(p.assetId, p);
        if (newer(pending.get(p.assetId), p, at)) pending.set(p.assetId, p);
      }
      if (timer || pending.size === 0) return;
      timer = setTimeout(flush, Math.max(0, lastFlush + intervalMs - now()));
    },
    seed(positions) {
      const at = now();
      for (const p of positions) if (newer(newest.get(p.assetId), p, at)) newest.set(p.assetId, p);
    },
    latest: () => [...newest.values()],
    forget(assetIds) {
      for (const id of assetIds) {
        newest.delete(id);
        pending.delete(id);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
