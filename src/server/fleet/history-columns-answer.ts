import { allocateWire } from '../../shared/interface/history-columns-wire';
import type { HistoryColumns } from '../../shared/ipc/views';
import type { Sample } from '../sim/types';

/** location-json.ts's rounding: the same digits as the JSON answer, so both forms decode alike. */
function rounded(x: number, scale: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > 1e12) return Number.NaN;
  const n = Math.round(Math.abs(x) * scale);
  if (n === 0) return 0;
  return (x < 0 ? -n : n) / scale;
}

/**
 * Positions as history columns (history-columns-wire.ts), filled as the
 * simulator produces them: no object or string per position. `most` is the
 * most positions the range can hold; offline gaps leave fewer, and the answer
 * is then cut to size.
 */
export function historyColumnsAnswer(
  most: number,
  forEachSample: (visit: (s: Sample) => void) => void,
): Uint8Array {
  let wire = allocateWire(most);
  let c = wire.columns;
  let n = 0;
  forEachSample((s) => {
    if (n === c.t.length) {
      const bigger = allocateWire(Math.max(16, c.t.length * 2));
      copyInto(c, n, bigger.columns);
      wire = bigger;
      c = bigger.columns;
    }
    c.t[n] = s.t;
    c.lat[n] = rounded(s.lat, 1e6);
    c.lon[n] = rounded(s.lon, 1e6);
    c.alt[n] = rounded(s.alt, 10);
    c.speed[n] = rounded(s.speed, 10);
    c.heading[n] = rounded(s.heading, 10);
    c.odometer[n] = rounded(s.odometerKm, 1e3);
    c.ignition[n] = s.ignition ? 1 : 0;
    const sat = rounded(s.satellites, 1);
    c.satellites[n] = Number.isNaN(sat) ? 255 : Math.min(254, Math.max(0, sat));
    n++;
  });
  if (n === c.t.length) return wire.bytes;
  const exact = allocateWire(n);
  copyInto(c, n, exact.columns);
  return exact.bytes;
}

function copyInto(from: HistoryColumns, count: number, to: HistoryColumns): void {
  to.t.set(from.t.subarray(0, count));
  to.lat.set(from.lat.subarray(0, count));
  to.lon.set(from.lon.subarray(0, count));
  to.odometer.set(from.odometer.subarray(0, count));
  to.alt.set(from.alt.subarray(0, count));
  to.speed.set(from.speed.subarray(0, count));
  to.heading.set(from.heading.subarray(0, count));
  to.ignition.set(from.ignition.subarray(0, count));
  to.satellites.set(from.satellites.subarray(0, count));
}
