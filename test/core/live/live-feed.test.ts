import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveFeed, type LiveFeed } from '../../../src/main/core/live/live-feed';
import type { LivePosition } from '../../../src/shared/ipc/views';
import { CLOCK_AHEAD_TOLERANCE_MS } from '../../../src/shared/time/clock-ahead';

const HOUR = 3_600_000;

const pos = (assetId: number, t: number, lat = 45): LivePosition => ({
  assetId,
  lat,
  lon: 9,
  speed: 10,
  course: 0,
  t,
  state: 'moving',
  ignition: true,
});

const fixes = (batch: readonly LivePosition[]): [number, number][] => batch.map((p) => [p.assetId, p.t]);

describe('live feed', () => {
  let pushed: LivePosition[][];
  let appended: LivePosition[][];
  let feed: LiveFeed;

  beforeEach(() => {
    vi.useFakeTimers();
    pushed = [];
    appended = [];
    feed = createLiveFeed({
      push: (b) => pushed.push([...b]),
      append: (b) => appended.push([...b]),
      intervalMs: 100,
      now: () => Date.now(),
    });
  });
  afterEach(() => {
    feed.stop();
    vi.useRealTimers();
  });

  it('pushes and caches the newest position per asset, once per interval however many arrive', () => {
    for (let i = 0; i < 50; i++) feed.add([pos(1, 1000 + i), pos(2, 2000 + i)]);
    // An older fix arriving late (spec 6.2 promises no order) does not replace a newer one.
    feed.add([pos(1, 10, 0)]);
    expect(pushed).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(pushed.map(fixes)).toEqual([
      [
        [1, 1049],
        [2, 2049],
      ],
    ]);
    expect(appended).toEqual(pushed);
    feed.add([pos(3, 1)]);
    vi.advanceTimersByTime(50);
    expect(pushed).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(pushed).toHaveLength(2);
  });

  it('forgets the assets it is told to: neither their newest fix nor one still waiting for its batch', () => {
    feed.add([pos(1, 1000), pos(2, 1000)]);
    vi.advanceTimersByTime(0);
    feed.add([pos(1, 2000), pos(2, 2000), pos(3, 2000)]);
    feed.forget([2, 3]);
    expect(fixes(feed.latest())).toEqual([[1, 2000]]);
    vi.advanceTimersByTime(100);
    expect(fixes(pushed.at(-1)!)).toEqual([[1, 2000]]);
    expect(fixes(appended.at(-1)!)).toEqual([[1, 2000]]);
    // A forgotten asset is an asset like any other when its fixes are given again.
    feed.add([pos(2, 1500)]);
    expect(fixes(feed.latest())).toEqual([
      [1, 2000],
      [2, 1500],
    ]);
  });

  it('never pushes a fix older than one it pushed before, but keeps it in the track', () => {
    feed.add([pos(1, 2000, 10)]);
    vi.advanceTimersByTime(100);
    // A REST location answered late, older than the live fix already shown.
    feed.add([pos(1, 1000, 20), pos(2, 1000)]);
    vi.advanceTimersByTime(100);
    expect(pushed.map(fixes)).toEqual([[[1, 2000]], [[2, 1000]]]);
    expect(appended.map(fixes)).toEqual([
      [[1, 2000]],
      [
        [1, 1000],
        [2, 1000],
      ],
    ]);
    expect(feed.latest().find((p) => p.assetId === 1)?.lat).toBe(10);
  });

  it('knows the newest fix at once, before the batch goes out', () => {
    feed.seed([pos(1, 500, 1)]);
    feed.add([pos(1, 400, 2), pos(2, 100, 3)]);
    expect(feed.latest().map((p) => p.lat)).toEqual([1, 3]);
    feed.add([pos(1, 600, 4)]);
    expect(feed.latest().find((p) => p.assetId === 1)?.lat).toBe(4);
    expect(pushed).toEqual([]);
  });

  it('does not push or cache what the cache gave it at start', () => {
    feed.seed([pos(1, 500), pos(2, 500)]);
    // No flush is even scheduled.
    expect(vi.getTimerCount()).toBe(0);
    expect(pushed).toEqual([]);
    expect(appended).toEqual([]);
    expect(feed.latest()).toHaveLength(2);
  });

  it('still pushes a batch the cache could not take, and says why', () => {
    const warnings: string[] = [];
    const broken = createLiveFeed({
      push: (b) => pushed.push([...b]),
      append: () => {
        throw new Error('database is locked');
      },
      log: { warn: (m) => warnings.push(m) },
    });
    broken.add([pos(1, 1)]);
    vi.advanceTimersByTime(100);
    expect(pushed.map(fixes)).toEqual([[[1, 1]]]);
    expect(warnings).toEqual(['Live batch not cached: database is locked']);
    broken.stop();
  });

  it('sends and caches nothing after stop', () => {
    feed.add([pos(1, 1)]);
    feed.stop();
    feed.add([pos(2, 2)]);
    expect(vi.getTimerCount()).toBe(0);
    vi.runAllTimers();
    expect(pushed).toEqual([]);
    expect(appended).toEqual([]);
  });

  it('shows a fix stamped ahead of the clock only until a fix with a believable time comes', () => {
    const now = Date.now();
    const skewed = now + 17 * HOUR;
    feed.add([pos(1, skewed, 1)]);
    vi.advanceTimersByTime(100);
    expect(pushed.map(fixes)).toEqual([[[1, skewed]]]);
    // A real fix, older by the stamp of the one that skewed, still wins and is pushed.
    feed.add([pos(1, now - 30_000, 2)]);
    vi.advanceTimersByTime(100);
    expect(pushed.map(fixes)).toEqual([[[1, skewed]], [[1, now - 30_000]]]);
    expect(feed.latest().find((p) => p.assetId === 1)?.lat).toBe(2);
    // And the next one too: the skewed stamp blocks nothing.
    feed.add([pos(1, now, 3)]);
    vi.advanceTimersByTime(100);
    expect(pushed.at(-1)?.map((p) => p.lat)).toEqual([3]);
  });

  it('orders fixes that are all ahead of the clock by their stamps: a service whose clock runs ahead still moves', () => {
    const now = Date.now();
    feed.seed([pos(1, now - 60_000, 1)]);
    feed.add([pos(1, now + 3 * HOUR, 2)]);
    feed.add([pos(1, now + 3 * HOUR + 1000, 3), pos(1, now + 3 * HOUR - 1000, 4)]);
    vi.advanceTimersByTime(100);
    expect(pushed.map(fixes)).toEqual([[[1, now + 3 * HOUR + 1000]]]);
    feed.add([pos(1, now + 3 * HOUR - 5000, 5)]);
    vi.advanceTimersByTime(100);
    expect(pushed).toHaveLength(1);
    expect(feed.latest()[0]?.lat).toBe(3);
  });

  it('takes a few seconds of disagreement between clocks as now', () => {
    const now = Date.now();
    feed.seed([pos(1, now + CLOCK_AHEAD_TOLERANCE_MS, 1)]);
    // Not ahead: an older stamp does not replace it.
    feed.add([pos(1, now - 10_000, 2)]);
    vi.advanceTimersByTime(100);
    expect(pushed).toEqual([]);
    expect(feed.latest()[0]?.lat).toBe(1);
  });
});
