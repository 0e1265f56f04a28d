import type { HistoryColumns } from '../../../../shared/ipc';
import { findDataGaps, gapMask, type DataGap } from './data-gaps';

export interface HistorySummary {
  readonly points: number;
  readonly distanceKm: number;
  /** The odometer when it is reported and never runs backwards, else the sum of great-circle steps. */
  readonly distanceSource: 'odometer' | 'gps' | 'none';
  readonly movingMs: number;
  readonly stoppedMs: number;
  /** Time inside the track with no fixes (data-gaps.ts): neither moving nor stopped. */
  readonly noDataMs: number;
  /** km/h; null when no speed was reported. */
  readonly maxSpeed: number | null;
  /** Time-weighted mean speed while moving, km/h; null when never moving. */
  readonly avgMovingSpeed: number | null;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number): number => (deg * Math.PI) / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function odometerDistance(odo: Float64Array): number | null {
  let first = NaN;
  let last = NaN;
  for (let i = 0; i < odo.length; i++) {
    const v = odo[i]!;
    if (!Number.isFinite(v)) continue;
    // A counter that runs backwards (tracker swap, reset) cannot be trusted for the whole range.
    if (Number.isFinite(last) && v < last) return null;
    if (!Number.isFinite(first)) first = v;
    last = v;
  }
  return Number.isFinite(first) ? last - first : null;
}

/**
 * Each interval between two fixes counts as no data when it is a data gap, as
 * moving when the fix that opens it reports a speed above 0, and as stopped
 * otherwise (so moving + stopped + no data is the time the track spans).
 */
export function summariseHistory(
  cols: HistoryColumns,
  gaps: readonly DataGap[] = findDataGaps(cols),
): HistorySummary {
  const n = cols.t.length;
  const gapAfter = gapMask(n, gaps);
  const odo = n > 1 ? odometerDistance(cols.odometer) : null;
  // Great-circle steps only when the odometer cannot be used: 259,200 of them are most of this pass.
  const needGps = odo === null;
  let gps = 0;
  let movingMs = 0;
  let stoppedMs = 0;
  let noDataMs = 0;
  let speedTime = 0;
  let maxSpeed = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = cols.speed[i]!;
    if (Number.isFinite(s) && s > maxSpeed) maxSpeed = s;
    if (i + 1 >= n) break;
    const dt = cols.t[i + 1]! - cols.t[i]!;
    if (needGps) gps += haversineKm(cols.lat[i]!, cols.lon[i]!, cols.lat[i + 1]!, cols.lon[i + 1]!);
    if (gapAfter[i] === 1) {
      noDataMs += dt;
    } else if (Number.isFinite(s) && s > 0) {
      movingMs += dt;
      speedTime += s * dt;
    } else {
      stoppedMs += dt;
    }
  }
  return {
    points: n,
    distanceKm: odo ?? gps,
    distanceSource: n < 2 ? 'none' : odo !== null ? 'odometer' : 'gps',
    movingMs,
    stoppedMs,
    noDataMs,
    maxSpeed: maxSpeed === -Infinity ? null : maxSpeed,
    avgMovingSpeed: movingMs > 0 ? speedTime / movingMs : null,
  };
}
