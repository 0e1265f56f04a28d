import type { HistoryColumns, HistoryCoverage, HistoryResult } from '../../../src/shared/ipc';

export interface Fix {
  readonly t: number;
  readonly lat: number;
  readonly lon: number;
  readonly speed: number;
  readonly heading?: number;
  readonly odometer?: number;
  readonly ignition?: number;
}

/** Columns built from readable fixes, as main sends them over IPC. */
export function columns(fixes: readonly Fix[]): HistoryColumns {
  const n = fixes.length;
  const cols = {
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    alt: new Float32Array(n).fill(NaN),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    odometer: new Float64Array(n),
    ignition: new Uint8Array(n),
    satellites: new Uint8Array(n).fill(255),
  };
  fixes.forEach((f, i) => {
    cols.t[i] = f.t;
    cols.lat[i] = f.lat;
    cols.lon[i] = f.lon;
    cols.speed[i] = f.speed;
    cols.heading[i] = f.heading ?? 90;
    cols.odometer[i] = f.odometer ?? NaN;
    cols.ignition[i] = f.ignition ?? (f.speed > 0 ? 1 : 0);
  });
  return cols;
}

export const T0 = Date.UTC(2026, 10, 23, 7, 0, 0);
const MIN = 60_000;

/**
 * A morning: 10 min driving east at 60 km/h (one fix a minute, 1 km each),
 * a 5-minute stop, 5 more minutes at 60 km/h, then parked with ignition off for 20 minutes.
 */
export function morning(): HistoryColumns {
  const fixes: Fix[] = [];
  let odo = 1000;
  let lon = 4.4;
  const kmPerDegLon = 111.32 * Math.cos((51.9 * Math.PI) / 180);
  const drive = (minutes: number, startMin: number): void => {
    for (let m = 0; m < minutes; m++) {
      fixes.push({ t: T0 + (startMin + m) * MIN, lat: 51.9, lon, speed: 60, odometer: odo, ignition: 1 });
      lon += 1 / kmPerDegLon;
      odo += 1;
    }
  };
  drive(10, 0);
  for (let m = 0; m < 5; m++)
    fixes.push({ t: T0 + (10 + m) * MIN, lat: 51.9, lon, speed: 0, odometer: odo, ignition: 1 });
  drive(5, 15);
  for (let m = 0; m <= 20; m++)
    fixes.push({ t: T0 + (20 + m) * MIN, lat: 51.9, lon, speed: 0, odometer: odo, ignition: 0 });
  return columns(fixes);
}

export function result(points: HistoryColumns, coverage: Partial<HistoryCoverage> = {}): HistoryResult {
  return {
    assetId: 3,
    start: points.t[0] ?? T0,
    end: points.t[points.t.length - 1] ?? T0 + 1,
    points,
    coverage: { complete: true, completeUntil: null, source: 'network', offline: false, ...coverage },
  };
}
