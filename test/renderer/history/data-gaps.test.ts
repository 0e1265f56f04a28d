import { describe, expect, it } from 'vitest';
import {
  findDataGaps,
  gapAt,
  gapThreshold,
  GAP_FLOOR_MS,
  GAP_INTERVAL_FACTOR,
  medianInterval,
} from '../../../src/renderer/src/features/history/data-gaps';
import { cursorAt, sampleAt } from '../../../src/renderer/src/features/history/track-sample';
import { findIdle, findStops } from '../../../src/renderer/src/features/history/stop-detection';
import { summariseHistory } from '../../../src/renderer/src/features/history/history-summary';
import { columns, T0, type Fix } from './history-fixture';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

/** A tracker on a fixed grid from `from` to `to` (inclusive), at one place or driving east. */
function reports(from: number, to: number, everyMs: number, speed: number, lon = 4.4): Fix[] {
  const out: Fix[] = [];
  for (let t = from; t <= to; t += everyMs)
    out.push({ t, lat: 51.9, lon: speed > 0 ? lon + (t - from) / HOUR / 100 : lon, speed });
  return out;
}

describe('gaps in the data', () => {
  it('takes the threshold from the tracker’s own interval, never below the floor', () => {
    const every10s = columns(reports(T0, T0 + HOUR, 10 * SEC, 50));
    const every5min = columns(reports(T0, T0 + 6 * HOUR, 5 * MIN, 50));
    expect(medianInterval(every10s.t)).toBe(10 * SEC);
    expect(gapThreshold(every10s.t)).toBe(GAP_FLOOR_MS);
    expect(medianInterval(every5min.t)).toBe(5 * MIN);
    expect(gapThreshold(every5min.t)).toBe(30 * MIN);
  });

  it('is max(floor, factor × the median interval) however the median falls about floor ÷ factor', () => {
    // gapThreshold counts its way to the floor when more than half the intervals are that short, and
    // selects the median only otherwise: either way it must be the rule's figure.
    const short = GAP_FLOOR_MS / GAP_INTERVAL_FACTOR;
    const rule = (t: Float64Array): number => {
      const median = medianInterval(t);
      return Math.max(GAP_FLOOR_MS, median === null ? 0 : GAP_INTERVAL_FACTOR * median);
    };
    const times = (intervals: readonly number[]): Float64Array => {
      let at = T0;
      return Float64Array.from([T0, ...intervals.map((d) => (at += d))]);
    };
    const cases: number[][] = [
      [short, short + 1],
      [short, short, short + 1],
      [short, short + 1, short + 1],
      [short + 1, short + 1, short],
      [0, 0, short + 1, short],
      [short, 10 * MIN, 10 * MIN, short, 0],
      [10 * SEC, 10 * MIN],
      [0, 0],
      [],
    ];
    let seed = 7;
    const next = (): number => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const choices = [0, 10 * SEC, short, short + 1, 20 * MIN];
    for (let run = 0; run < 300; run++)
      cases.push(Array.from({ length: 1 + Math.floor(next() * 12) }, () => choices[Math.floor(next() * 5)]!));
    for (const intervals of cases)
      expect(gapThreshold(times(intervals)), String(intervals)).toBe(rule(times(intervals)));
    // Both ways are taken among them.
    expect(gapThreshold(times([short, short, short + 1]))).toBe(GAP_FLOOR_MS);
    expect(gapThreshold(times([short, short + 1]))).toBe(GAP_INTERVAL_FACTOR * (short + 0.5));
  });

  it('calls 20 silent minutes a gap for a 10 s tracker, and three missed reports of a 5 min tracker not', () => {
    const fast = columns([
      ...reports(T0, T0 + HOUR, 10 * SEC, 40),
      ...reports(T0 + HOUR + 20 * MIN, T0 + 2 * HOUR, 10 * SEC, 40),
    ]);
    expect(findDataGaps(fast).map((g) => [g.start - T0, g.durationMs])).toEqual([[HOUR, 20 * MIN]]);

    const slow = columns([
      ...reports(T0, T0 + 3 * HOUR, 5 * MIN, 40),
      // Three reports lost: 20 minutes between two fixes, under 6 × 5 min.
      ...reports(T0 + 3 * HOUR + 20 * MIN, T0 + 6 * HOUR, 5 * MIN, 40),
    ]);
    expect(findDataGaps(slow)).toEqual([]);
  });

  it('keeps a real overnight stop with heartbeat fixes a stop, and counts a night with no fixes as no data', () => {
    const evening = reports(T0, T0 + HOUR, 10 * SEC, 50);
    const parkedAt = T0 + HOUR + 10 * SEC;
    const morning = T0 + 11 * HOUR;
    const lon = evening.at(-1)!.lon;
    // Parked overnight, the tracker sends a heartbeat every 10 minutes, speed 0.
    const heartbeats = columns([
      ...evening,
      ...reports(parkedAt, morning - 1, 10 * MIN, 0, lon),
      ...reports(morning, morning + HOUR, 10 * SEC, 50, lon),
    ]);
    expect(findDataGaps(heartbeats)).toEqual([]);
    const stops = findStops(heartbeats);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.durationMs).toBe(morning - parkedAt);
    const s = summariseHistory(heartbeats);
    expect(s.stoppedMs).toBe(morning - parkedAt);
    expect(s.noDataMs).toBe(0);

    // The same night without a single fix: the last one at speed 0, then nothing until morning.
    const silent = columns([
      ...evening,
      { t: parkedAt, lat: 51.9, lon, speed: 0 },
      ...reports(parkedAt + 3 * MIN, parkedAt + 3 * MIN, MIN, 0, lon),
      ...reports(morning, morning + HOUR, 10 * SEC, 50, lon),
    ]);
    const gaps = findDataGaps(silent);
    expect(gaps.map((g) => g.durationMs)).toEqual([morning - parkedAt - 3 * MIN]);
    // The stop lasts as long as fixes say so (3 min), not until the morning.
    expect(findStops(silent, gaps).map((st) => st.durationMs)).toEqual([3 * MIN]);
    const summary = summariseHistory(silent, gaps);
    expect(summary.noDataMs).toBe(morning - parkedAt - 3 * MIN);
    expect(summary.stoppedMs).toBe(3 * MIN);
    expect(summary.movingMs + summary.stoppedMs + summary.noDataMs).toBe(morning + HOUR - T0);
  });

  it('counts a hole in a cached range (a day never fetched) as no data, not a 1 d 4 h stop', () => {
    // What the offline cache answers for three days of which the middle one was never fetched: day one
    // ends parked, day three begins parked at the same place, nothing in between.
    const day = 24 * HOUR;
    const lon = 4.5;
    const cached = columns([
      ...reports(T0, T0 + 2 * HOUR, 30 * SEC, 45),
      ...reports(T0 + 2 * HOUR + 30 * SEC, T0 + 4 * HOUR, 30 * SEC, 0, lon),
      ...reports(T0 + 2 * day + 8 * HOUR, T0 + 2 * day + 9 * HOUR, 30 * SEC, 0, lon),
      ...reports(T0 + 2 * day + 9 * HOUR + 30 * SEC, T0 + 2 * day + 10 * HOUR, 30 * SEC, 45, lon),
    ]);
    const gaps = findDataGaps(cached);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ start: T0 + 4 * HOUR, end: T0 + 2 * day + 8 * HOUR });
    const stops = findStops(cached, gaps);
    // Two stops either side of the hole, neither spanning it.
    expect(stops.map((s) => s.durationMs)).toEqual([2 * HOUR - 30 * SEC, HOUR + 30 * SEC]);
    expect(Math.max(...stops.map((s) => s.durationMs))).toBeLessThan(gaps[0]!.durationMs);
    const summary = summariseHistory(cached, gaps);
    expect(summary.noDataMs).toBe(2 * day + 4 * HOUR);
    expect(summary.stoppedMs).toBe(2 * HOUR - 30 * SEC + HOUR + 30 * SEC);
    // Skipping idle time jumps over the stops; the gap is not part of any idle stretch.
    expect(findIdle(cached, gaps).every((s) => s.end <= gaps[0]!.start || s.start >= gaps[0]!.end)).toBe(
      true,
    );
  });

  it('finds no gap in fewer than two fixes', () => {
    expect(findDataGaps(columns([]))).toEqual([]);
    expect(findDataGaps(columns([{ t: T0, lat: 51, lon: 4, speed: 0 }]))).toEqual([]);
    expect(gapThreshold(new Float64Array(0))).toBe(GAP_FLOOR_MS);
  });
});

describe('the replay cursor across a gap', () => {
  const track = columns([
    ...reports(T0, T0 + HOUR, 10 * SEC, 40),
    ...reports(T0 + HOUR + 40 * MIN, T0 + 2 * HOUR, 10 * SEC, 40, 5.1),
  ]);
  const gaps = findDataGaps(track);

  it('stays at the last fix before the silence, saying nothing it cannot vouch for', () => {
    const lastBefore = sampleAt(track, T0 + HOUR)!;
    for (const into of [1 * SEC, 20 * MIN, 40 * MIN - SEC]) {
      const at = cursorAt(track, gaps, T0 + HOUR + into)!;
      expect([at.lat, at.lon]).toEqual([lastBefore.lat, lastBefore.lon]);
      expect(at.t).toBe(T0 + HOUR + into);
      expect(at.speed).toBeNaN();
      expect(at.odometer).toBeNaN();
      expect(at.ignition).toBe(255);
    }
  });

  it('moves along the track as ever on either side of it', () => {
    for (const t of [T0 + 30 * MIN + 5 * SEC, T0 + HOUR + 50 * MIN + 5 * SEC])
      expect(cursorAt(track, gaps, t)).toEqual(sampleAt(track, t));
    expect(gapAt(gaps, T0 + HOUR)).toBeNull();
    expect(gapAt(gaps, T0 + HOUR + MIN)).toBe(gaps[0]);
  });
});
