import { describe, expect, it } from 'vitest';
import { timeTicks, type TickFormat } from '../../../src/renderer/src/features/history/chart-time-axis';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number): string => String(n).padStart(2, '0');
/** Labels independent of the machine's locale: "14:00" and "d24". */
const FORMAT: TickFormat = {
  time: (ms) => `${pad(new Date(ms).getHours())}:${pad(new Date(ms).getMinutes())}`,
  day: (ms) => `d${new Date(ms).getDate()}`,
};
const localDay = (y: number, m: number, d: number): number => new Date(y, m, d).getTime();

describe('speed chart time axis', () => {
  it('labels a day in hours on the local clock, the midnight with the date', () => {
    const start = localDay(2026, 10, 24);
    const ticks = timeTicks(start, start + DAY, 900, FORMAT);
    // 900 px for 24 h: 37.5 px an hour, so every 2 hours keeps labels 64 px apart.
    expect(ticks.map((t) => t.label)).toEqual([
      'd24',
      '02:00',
      '04:00',
      '06:00',
      '08:00',
      '10:00',
      '12:00',
      '14:00',
      '16:00',
      '18:00',
      '20:00',
      '22:00',
      'd25',
    ]);
    expect(ticks[1]!.x).toBeCloseTo(75, 9);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(64);
  });

  it('labels a week in days', () => {
    const start = localDay(2026, 10, 20) + 9 * HOUR;
    const ticks = timeTicks(start, start + 7 * DAY, 900, FORMAT);
    expect(ticks.every((t) => t.day)).toBe(true);
    expect(ticks.map((t) => t.label)).toEqual(['d21', 'd22', 'd23', 'd24', 'd25', 'd26', 'd27']);
  });

  it('steps in days of two or a week when a month is narrow, and in minutes for a short range', () => {
    const start = localDay(2026, 9, 1);
    const month = timeTicks(start, start + 31 * DAY, 400, FORMAT);
    expect(month.length).toBeLessThanOrEqual(7);
    expect(month.every((t) => t.day)).toBe(true);
    const halfHour = timeTicks(start + 10 * HOUR, start + 10.5 * HOUR, 600, FORMAT);
    expect(halfHour.map((t) => t.label)).toEqual([
      '10:00',
      '10:05',
      '10:10',
      '10:15',
      '10:20',
      '10:25',
      '10:30',
    ]);
  });

  it('has no ticks for an empty range or an empty chart', () => {
    expect(timeTicks(5, 5, 900, FORMAT)).toEqual([]);
    expect(timeTicks(0, DAY, 0, FORMAT)).toEqual([]);
  });
});
