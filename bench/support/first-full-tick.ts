import { setTimeout as sleep } from 'node:timers/promises';
import { LOCATION_UPDATED_EVENT } from '../../src/shared/interface';
import { liveChannelClient } from './live-channel-client';

interface ServiceReady {
  readonly app_key: string;
  readonly api_url: string;
  readonly api_ws_url: string;
  readonly account_key: string;
  readonly users: ReadonlyArray<{ readonly token: string }>;
}

/**
 * The simulator plans an asset's day on its first sample (~2 ms an asset here), so a large fleet's
 * first tick takes minutes, during which the service answers HTTP late; benches wait for it, up to this long.
 */
const FIRST_TICK_CAP_MS = 15 * 60_000;
/** A whole tick's worth within one tick: most of the fleet (some trackers are offline by design). */
const FULL_TICK_SHARE = 0.8;

/**
 * Waits with a bare client until the service publishes a whole tick's worth of positions within one
 * tick: its first pass over the fleet is over, and what follows is the steady stream.
 */
export async function firstFullTick(ready: ServiceReady, assets: number, tickMs: number): Promise<number> {
  const began = performance.now();
  const { pusher, channel } = liveChannelClient(ready, ready.users[0]!.token);
  const arrivals: Array<{ at: number; count: number }> = [];
  let inLastTick = 0;
  channel.bind(LOCATION_UPDATED_EVENT, (data: unknown) => {
    const at = performance.now();
    const count = Array.isArray(data) ? data.length : 1;
    arrivals.push({ at, count });
    inLastTick += count;
    while (arrivals[0] && arrivals[0].at < at - tickMs) inLastTick -= arrivals.shift()?.count ?? 0;
  });
  try {
    while (inLastTick < assets * FULL_TICK_SHARE) {
      if (performance.now() - began > FIRST_TICK_CAP_MS)
        throw new Error(
          `The service did not publish a whole tick of ${assets} assets within ${FIRST_TICK_CAP_MS / 60_000} minutes.`,
        );
      await sleep(250);
    }
  } finally {
    pusher.disconnect();
  }
  return performance.now() - began;
}
