import { describe, expect, it } from 'vitest';
import { chartCeiling, speedColumns } from '../../../src/renderer/src/features/history/speed-chart';
import { columns, T0 } from './history-fixture';

describe('speed chart', () => {
  it('keeps the fastest fix of each pixel column and leaves empty columns empty', () => {
    const cols = columns([
      { t: T0, lat: 0, lon: 0, speed: 30 },
      { t: T0 + 10, lat: 0, lon: 0, speed: 80 },
      { t: T0 + 60, lat: 0, lon: 0, speed: NaN },
      { t: T0 + 90, lat: 0, lon: 0, speed: 0 },
    ]);
    const bars = speedColumns(cols, T0, T0 + 100, 4);
    expect(Array.from(bars)).toEqual([80, NaN, NaN, 0]);
  });

  it('puts the axis top on a round number at or above the fastest speed', () => {
    expect([chartCeiling(null), chartCeiling(45), chartCeiling(122), chartCeiling(140)]).toEqual([
      60, 60, 140, 140,
    ]);
  });
});
