import type { Fleet } from '../../../../src/server/sim/types';

/** Trackers that report at least this often acknowledge a command within a fix or two. */
const OFTEN_MS = 30_000;

/**
 * An asset whose tracker reports at least every 30 s and stays online all
 * through [at, at + forMs]: the local service acknowledges a command once the
 * tracker reports after it (tracker-routes.ts COMMAND_ACK_DELAY_MS), so this
 * one does within a minute. The most frequent reporter first; `except` are
 * assets other tests of the file use.
 */
export function steadyTrackerAsset(
  fleet: Fleet,
  at: number,
  forMs: number,
  except: readonly number[] = [],
): number {
  const online = (id: number, every: number): boolean => {
    for (let t = at; t <= at + forMs; t += every) if (!fleet.isOnline(id, t)) return false;
    return true;
  };
  const found = fleet.assets
    .filter((a) => !except.includes(a.id) && a.intervalMs <= OFTEN_MS && online(a.id, a.intervalMs))
    .sort((a, b) => a.intervalMs - b.intervalMs || a.id - b.id)[0];
  if (!found)
    throw new Error(
      `No tracker of the ${fleet.assets.length}-asset simulated fleet reports every ${OFTEN_MS / 1000} s or more often and stays online for the next ${Math.round(forMs / 60_000)} min: a command could not be acknowledged in the test's time.`,
    );
  return found.id;
}
