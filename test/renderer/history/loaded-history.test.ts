import { describe, expect, it } from 'vitest';
import { isReactive, reactive } from 'vue';
import { findDataGaps } from '../../../src/renderer/src/features/history/data-gaps';
import { summariseHistory } from '../../../src/renderer/src/features/history/history-summary';
import { deriveLoadedHistory } from '../../../src/renderer/src/features/history/loaded-history';
import { findIdle, findStops } from '../../../src/renderer/src/features/history/stop-detection';
import { columns, morning, result, T0, type Fix } from './history-fixture';

const MIN = 60_000;

describe('a loaded history', () => {
  it('holds what the map draws and, read later, the summary and the idle stretches, each worked out once', () => {
    // The morning, then three hours with no fixes, then ten minutes parked.
    const before = Array.from(morning().t, (t): Fix => ({ t, lat: 51.9, lon: 4.5, speed: 0 }));
    const last = before.at(-1)!.t;
    const after = Array.from({ length: 11 }, (_, m): Fix => ({
      t: last + 180 * MIN + m * MIN,
      lat: 51.9,
      lon: 4.5,
      speed: 0,
    }));
    const answer = result(columns([...before, ...after]));
    const loaded = deriveLoadedHistory(answer, T0);
    const gaps = findDataGaps(answer.points);
    expect(gaps).toHaveLength(1);
    expect(loaded.gaps).toEqual(gaps);
    expect(loaded.stops).toEqual(findStops(answer.points, gaps));

    expect(loaded.summary).toEqual(summariseHistory(answer.points, gaps));
    expect(loaded.summary).toBe(loaded.summary);
    const idle = [...findIdle(answer.points, gaps), ...gaps].sort((a, b) => a.start - b.start);
    expect(loaded.idle).toEqual(idle);
    expect(loaded.idle).toBe(loaded.idle);
    // The gap is skipped as idle, between the parked morning and the parked ten minutes.
    expect(loaded.idle).toHaveLength(3);
    expect(loaded.idle[1]).toEqual(gaps[0]);
  });

  it('stays out of Vue’s reactivity, whatever holds it', () => {
    const loaded = deriveLoadedHistory(result(morning()), T0);
    const held = reactive({ loaded });
    expect(isReactive(held.loaded)).toBe(false);
    expect(isReactive(held.loaded.stops)).toBe(false);
    expect(isReactive(held.loaded.idle)).toBe(false);
  });
});
