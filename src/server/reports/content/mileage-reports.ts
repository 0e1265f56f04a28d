import { REPORT_CATALOGUE } from '../../../shared/interface';
import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { Fleet, SimAsset } from '../../sim/types';
import { bucketOf, type Granularity } from './calendar-buckets';
import { distanceOnDay, hasFixIn, sum } from './report-data';
import { column, round, summaryItem } from './report-fields';
import { reportDocument } from './report-frame';
import { describePeriod, periodDays, periodOf, type ReportPeriod } from './report-period';
import { assetRef, requireAssets } from './report-subject';

/** Bar charts show one series per asset up to this many, else the fleet total. */
const MAX_ASSET_SERIES = 4;

const TYPES = { day: 'mileage_daily', week: 'mileage_weekly', month: 'mileage_monthly' } as const;
const BUCKET_LABEL = { day: 'Day', week: 'ISO week', month: 'Month' } as const;

/** Every asset's distance per UTC day of the period (distanceOnDay), asset by asset. */
export function distanceMatrix(
  ctx: BuildContext,
  assets: readonly SimAsset[],
  period: ReportPeriod,
): number[][] {
  const days = periodDays(period);
  return assets.map((a, i) => {
    const row = days.map((day) => distanceOnDay(ctx.fleet, a.id, day, period));
    ctx.onProgress?.(((i + 1) / assets.length) * 0.8);
    return row;
  });
}

export function requireSomeFix(fleet: Fleet, assets: readonly SimAsset[], period: ReportPeriod): void {
  if (assets.some((a) => hasFixIn(fleet, a, period))) return;
  const who = assets.length === 1 ? assets[0]!.name : `any of the ${assets.length} assets`;
  throw new NoDataError(`No positions for ${who} ${describePeriod(period)}`);
}

/** spec 2.5 mileage_daily / mileage_weekly (ISO weeks) / mileage_monthly, per asset, several assets. */
export function buildMileageReport(ctx: BuildContext, granularity: Granularity): ReportDocument {
  const { fleet, request } = ctx;
  const type = TYPES[granularity];
  const assets = requireAssets(fleet, request);
  const period = periodOf(ctx);
  requireSomeFix(fleet, assets, period);
  const days = periodDays(period);
  const km = distanceMatrix(ctx, assets, period);

  // Buckets in calendar order, each with the days of the period it covers.
  const buckets: { key: string; label: string; dayIndexes: number[] }[] = [];
  for (const [i, day] of days.entries()) {
    const b = bucketOf(day, granularity);
    const last = buckets[buckets.length - 1];
    if (last?.key === b.key) last.dayIndexes.push(i);
    else buckets.push({ ...b, dayIndexes: [i] });
  }
  const rows: ReportRow[] = [];
  const bucketTotals = buckets.map(() => 0);
  assets.forEach((asset, a) => {
    buckets.forEach((b, bi) => {
      const distance = sum(b.dayIndexes.map((i) => km[a]![i]!));
      bucketTotals[bi]! += distance;
      rows.push({
        asset: asset.name,
        // A day is a date (Excel gets a real date); ISO weeks and months stay labels.
        period: granularity === 'day' ? days[b.dayIndexes[0]!]! : b.label,
        from: days[b.dayIndexes[0]!]!,
        to: days[b.dayIndexes[b.dayIndexes.length - 1]!]!,
        days: b.dayIndexes.length,
        distance: round(distance, 1),
        per_day: round(distance / b.dayIndexes.length, 1),
      });
    });
  });
  const totals: ReportRow[] = assets.map((asset, a) => {
    const row = km[a]!;
    const total = sum(row);
    return {
      asset: asset.name,
      distance: round(total, 1),
      driving_days: row.filter((d) => d > 0).length,
      per_day: round(total / days.length, 1),
      best_day: round(Math.max(...row), 1),
    };
  });
  const fleetTotal = sum(bucketTotals);
  const busiest = bucketTotals.indexOf(Math.max(...bucketTotals));
  const perAssetSeries = assets.length <= MAX_ASSET_SERIES;

  return reportDocument(ctx, type, {
    period,
    assets: assets.map(assetRef),
    summary: [
      summaryItem('Assets', assets.length, 'integer'),
      summaryItem('Total distance', round(fleetTotal, 1), 'number', 'km', 1),
      summaryItem('Average per asset', round(fleetTotal / assets.length, 1), 'number', 'km', 1),
      summaryItem(
        'Average per asset per day',
        round(fleetTotal / assets.length / days.length, 1),
        'number',
        'km',
        1,
      ),
      summaryItem(`Busiest ${BUCKET_LABEL[granularity].toLowerCase()}`, buckets[busiest]!.label, 'text'),
      summaryItem(
        `Distance in busiest ${BUCKET_LABEL[granularity].toLowerCase()}`,
        round(bucketTotals[busiest]!, 1),
        'number',
        'km',
        1,
      ),
    ],
    tables: [
      {
        key: 'mileage',
        title: `${REPORT_CATALOGUE[type].label} per asset`,
        columns: [
          column('asset', 'Asset', 'text'),
          column('period', BUCKET_LABEL[granularity], granularity === 'day' ? 'date' : 'text'),
          column('from', 'From', 'date'),
          column('to', 'To', 'date'),
          column('days', 'Days', 'integer'),
          column('distance', 'Distance', 'number', 'km', 1),
          column('per_day', 'Per day', 'number', 'km', 1),
        ],
        rows,
      },
      {
        key: 'totals',
        title: 'Totals per asset',
        columns: [
          column('asset', 'Asset', 'text'),
          column('distance', 'Distance', 'number', 'km', 1),
          column('driving_days', 'Days driven', 'integer'),
          column('per_day', 'Average per day', 'number', 'km', 1),
          column('best_day', 'Best day', 'number', 'km', 1),
        ],
        rows: totals,
      },
    ],
    charts: [
      {
        title: `Distance per ${BUCKET_LABEL[granularity].toLowerCase()}`,
        kind: 'bar',
        xAxis: 'category',
        categories: buckets.map((b) => (granularity === 'day' ? b.label.slice(5) : b.label)),
        yLabel: 'Distance',
        yUnit: 'km',
        series: perAssetSeries
          ? assets.map((asset, a) => ({
              name: asset.name,
              points: buckets.map(
                (b, bi) => [bi, round(sum(b.dayIndexes.map((i) => km[a]![i]!)), 1)] as const,
              ),
            }))
          : [{ name: 'All assets', points: bucketTotals.map((v, bi) => [bi, round(v, 1)] as const) }],
      },
    ],
  });
}
