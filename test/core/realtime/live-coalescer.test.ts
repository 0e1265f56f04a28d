import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveCoalescer } from '../../../src/main/core/realtime/live-coalescer';
import type { LivePosition } from '../../../src/shared/ipc/views';

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

describe('live coalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over the newest position per asset, once per interval however many arrive', () => {
    const batches: LivePosition[][] = [];
    const c = createLiveCoalescer((b) => batches.push(b), { intervalMs: 100, now: () => Date.now() });
    for (let i = 0; i < 50; i++) c.add([pos(1, 1000 + i), pos(2, 2000 + i)]);
    // An older fix arriving late (spec 6.2 promises no order) does not replace a newer one.
    c.add([pos(1, 10, 0)]);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((p) => [p.assetId, p.t])).toEqual([
      [1, 1049],
      [2, 2049],
    ]);
    c.add([pos(3, 1)]);
    vi.advanceTimersByTime(50);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(batches).toHaveLength(2);
    c.stop();
  });

  it('sends nothing after stop', () => {
    const batches: LivePosition[][] = [];
    const c = createLiveCoalescer((b) => batches.push(b), { intervalMs: 100 });
    c.add([pos(1, 1)]);
    c.stop();
    c.add([pos(2, 2)]);
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([]);
  });
});
