import type { LivePosition } from '../../../shared/ipc/views';

/** Architecture.md §3: at most 10 pushes a second to the renderer. */
export const LIVE_FLUSH_INTERVAL_MS = 100;

export interface LiveCoalescer {
  add(positions: readonly LivePosition[]): void;
  /** Sends what is pending now (used at stop). */
  flush(): void;
  stop(): void;
}

/**
 * Keeps the last position per asset and hands them over as one batch at most
 * every `intervalMs`: a burst of 10,000 updates becomes one push and one
 * SQLite transaction, not 10,000.
 */
export function createLiveCoalescer(
  onBatch: (positions: LivePosition[]) => void,
  options: { readonly intervalMs?: number; readonly now?: () => number } = {},
): LiveCoalescer {
  const intervalMs = options.intervalMs ?? LIVE_FLUSH_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let pending = new Map<number, LivePosition>();
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = -Infinity;
  let stopped = false;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    lastFlush = now();
    onBatch(batch);
  };

  return {
    add(positions) {
      if (stopped) return;
      for (const p of positions) {
        const prev = pending.get(p.assetId);
        // Events may arrive out of order (spec 6.2 promises no ordering): keep the newest fix.
        if (!prev || prev.t <= p.t) pending.set(p.assetId, p);
      }
      if (timer || pending.size === 0) return;
      timer = setTimeout(flush, Math.max(0, lastFlush + intervalMs - now()));
    },
    flush,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
