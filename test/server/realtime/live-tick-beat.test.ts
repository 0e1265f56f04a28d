import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LiveTicker,
  MAX_UPDATES_PER_MESSAGE,
  nextBeat,
  type TickSink,
} from '../../../src/server/realtime/live-tick';
import { createFleet } from '../../../src/server/sim/fleet';

const TICK_MS = 5_000;
const CHUNKS = 4;

/** Runs the fake timers until the (fake) wall clock reads `ms`: a held clock jumps ahead of the timers' own count. */
async function runUntil(ms: number): Promise<void> {
  while (Date.now() < ms) await vi.advanceTimersByTimeAsync(Math.min(100, ms - Date.now()));
}

/**
 * The frames a ticker over a real simulated fleet sends in the first 61 s of a fake clock, when writing each
 * tick's last chunk holds the clock for `lateMs` (the event loop busy with other work as the tick should end).
 */
async function framesIn61s(lateMs: number): Promise<number> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'Date'], now: 0 });
  const fleet = createFleet({ seed: 7, size: CHUNKS * MAX_UPDATES_PER_MESSAGE });
  let frames = 0;
  const sink: TickSink = {
    audience: () => ({ unfiltered: 1, filtered: new Map() }),
    hasSubscribers: () => true,
    sendFrame: () => {
      frames++;
      if (frames % CHUNKS === 0) vi.setSystemTime(Date.now() + lateMs);
      return 1;
    },
  };
  const source = {
    account: { key: 'beat' },
    fleet,
    log: { error: (msg: string) => expect.fail(msg) },
    now: () => Date.now(),
  };
  const ticker = new LiveTicker(source, sink, TICK_MS);
  ticker.start();
  await runUntil(61_000);
  ticker.stop();
  return frames;
}

describe('the live tick keeps its beat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a tick every tickMs even when each tick ends 2.5 s late (each asset keeps its rate)', async () => {
    const frames = await framesIn61s(2_500);
    // Ticks are due at 5 s, 10 s, … 60 s, each writing its last chunk 2.5 s late; the next starts at once.
    // Waiting a whole tick after each late end would have sent 9 (one every 6.26 s).
    expect(Math.floor(frames / CHUNKS)).toBeGreaterThanOrEqual(11);
  });

  it('an on-time ticker sends exactly one tick per tickMs', async () => {
    const frames = await framesIn61s(0);
    // Due at 5, 10, … 60 s, chunks 1.25 s apart: the tick due at 60 s has sent its first chunk only.
    expect(frames).toBe(11 * CHUNKS + 1);
  });

  it('moves the beat to now when more than a whole tick behind, so ticks do not run back to back', () => {
    expect(nextBeat(10_000, TICK_MS, 12_000)).toBe(15_000);
    expect(nextBeat(10_000, TICK_MS, 17_500)).toBe(15_000);
    expect(nextBeat(10_000, TICK_MS, 20_000)).toBe(15_000);
    expect(nextBeat(10_000, TICK_MS, 20_001)).toBe(20_001);
  });
});
