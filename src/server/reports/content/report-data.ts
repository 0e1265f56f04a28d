import { MS_PER_DAY } from '../../../shared/interface';
import type { Fleet, SimAsset } from '../../sim/types';
import { round } from './report-fields';
import type { ReportPeriod } from './report-period';
import { periodDays } from './report-period';

/** Did the tracker report at least once in the period (the offline gaps of flaky trackers can cover it all)? */
export function hasFixIn(fleet: Fleet, asset: SimAsset, period: ReportPeriod): boolean {
  const last = fleet.lastFixAt(asset.id, period.end);
  return last !== null && last >= period.start;
}

/** Distance on one UTC day of the period; the period's last day may end before midnight (at the present). */
export function distanceOnDay(fleet: Fleet, assetId: number, day: number, period: ReportPeriod): number {
  if (period.endExclusive >= day + MS_PER_DAY) return fleet.dailyDistanceKm(assetId, day);
  return round(fleet.odometerAt(assetId, period.endExclusive) - fleet.odometerAt(assetId, day), 3);
}

/** Distance per UTC day of the period: the basis of mileage, l/100 km and harsh events per 100 km. */
export function dailyDistances(
  fleet: Fleet,
  asset: SimAsset,
  period: ReportPeriod,
): { day: number; km: number }[] {
  return periodDays(period).map((day) => ({ day, km: distanceOnDay(fleet, asset.id, day, period) }));
}

export const sum = (values: Iterable<number>): number => {
  let s = 0;
  for (const v of values) s += v;
  return s;
};

/** Groups items by the UTC day of their time. */
export function groupByDay<T>(items: readonly T[], time: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const t = time(item);
    const day = t - (((t % 86_400_000) + 86_400_000) % 86_400_000);
    const list = out.get(day);
    if (list) list.push(item);
    else out.set(day, [item]);
  }
  return out;
}
