import { addDays, formatCalendarDate } from '../../../shared/interface';
import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { distanceMatrix, requireSomeFix } from './mileage-reports';
import { sum } from './report-data';
import { column, round, summaryItem } from './report-fields';
import { reportDocument } from './report-frame';
import { periodDays, periodOf, reportPeriod, type ReportPeriod } from './report-period';
import { assetRef, requireAssets } from './report-subject';

/** Bars per asset up to this many; beyond, the chart compares the two periods day by day. */
const MAX_ASSET_BARS = 20;

/** Change from previous to current in percent; null when there was nothing to compare with. */
export const changePct = (previous: number, current: number): number | null =>
  previous > 0 ? round(((current - previous) / previous) * 100, 1) : null;

/**
 * The same number of days just before the requested period. When the
 * current period reaches the present, the previous one is cut at the same
 * offset from its start, so both compare the same length of time.
 */
function previousPeriod(requested: ReportPeriod, current: ReportPeriod): ReportPeriod {
  const previous = reportPeriod({
    date_from: formatCalendarDate(addDays(requested.start, -requested.days)),
    date_to: formatCalendarDate(addDays(requested.start, -1)),
  });
  if (current.end === requested.end) return previous;
  const end = previous.start + (current.end - current.start);
  return { ...previous, end, endExclusive: end + 1, days: current.days };
}

/**
 * spec 2.5 mileage_comparison: the requested period against the period of
 * the same length just before it (2026-03-08..14 against 2026-03-01..07).
 */
export function buildMileageComparisonReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const assets = requireAssets(fleet, request);
  const requested = reportPeriod(request);
  const current = periodOf(ctx);
  const previous = previousPeriod(requested, current);
  requireSomeFix(fleet, assets, current);
  const curKm = distanceMatrix({ ...ctx, onProgress: (f) => ctx.onProgress?.(f / 2) }, assets, current);
  const prevKm = distanceMatrix(
    { ...ctx, onProgress: (f) => ctx.onProgress?.(0.4 + f / 2) },
    assets,
    previous,
  );

  const assetRows: ReportRow[] = assets.map((asset, a) => {
    const p = sum(prevKm[a]!);
    const c = sum(curKm[a]!);
    return {
      asset: asset.name,
      previous: round(p, 1),
      current: round(c, 1),
      change: round(c - p, 1),
      change_pct: changePct(p, c),
    };
  });
  const curDays = periodDays(current);
  const prevDays = periodDays(previous);
  const dayRows: ReportRow[] = curDays.map((day, i) => {
    const p = sum(prevKm.map((row) => row[i]!));
    const c = sum(curKm.map((row) => row[i]!));
    return {
      n: i + 1,
      previous_date: prevDays[i]!,
      previous: round(p, 1),
      current_date: day,
      current: round(c, 1),
      change_pct: changePct(p, c),
    };
  });
  const prevTotal = sum(prevKm.map((row) => sum(row)));
  const curTotal = sum(curKm.map((row) => sum(row)));
  const bars = assets.length <= MAX_ASSET_BARS;

  return reportDocument(ctx, 'mileage_comparison', {
    period: current,
    assets: assets.map(assetRef),
    summary: [
      summaryItem('Current period', `${current.from} – ${current.to}`, 'text'),
      summaryItem('Previous period', `${previous.from} – ${previous.to}`, 'text'),
      summaryItem('Distance, current period', round(curTotal, 1), 'number', 'km', 1),
      summaryItem('Distance, previous period', round(prevTotal, 1), 'number', 'km', 1),
      summaryItem('Change', round(curTotal - prevTotal, 1), 'number', 'km', 1),
      summaryItem('Change', changePct(prevTotal, curTotal), 'number', '%', 1),
      summaryItem('Assets', assets.length, 'integer'),
    ],
    tables: [
      {
        key: 'assets',
        title: 'Per asset',
        columns: [
          column('asset', 'Asset', 'text'),
          column('previous', `Previous (${previous.from} – ${previous.to})`, 'number', 'km', 1),
          column('current', `Current (${current.from} – ${current.to})`, 'number', 'km', 1),
          column('change', 'Change', 'number', 'km', 1),
          column('change_pct', 'Change', 'number', '%', 1),
        ],
        rows: assetRows,
      },
      {
        key: 'days',
        title: 'Day by day, all assets',
        columns: [
          column('n', 'Day', 'integer'),
          column('previous_date', 'Previous date', 'date'),
          column('previous', 'Previous', 'number', 'km', 1),
          column('current_date', 'Current date', 'date'),
          column('current', 'Current', 'number', 'km', 1),
          column('change_pct', 'Change', 'number', '%', 1),
        ],
        rows: dayRows,
      },
    ],
    charts: [
      bars
        ? {
            title: 'Distance per asset, previous vs current period',
            kind: 'bar',
            xAxis: 'category',
            categories: assets.map((a) => a.name.split(' – ')[0]!),
            yLabel: 'Distance',
            yUnit: 'km',
            series: [
              { name: 'Previous period', points: assetRows.map((r, i) => [i, Number(r.previous)] as const) },
              { name: 'Current period', points: assetRows.map((r, i) => [i, Number(r.current)] as const) },
            ],
          }
        : {
            title: 'Distance per day, previous vs current period',
            kind: 'bar',
            xAxis: 'category',
            categories: dayRows.map((r) => `Day ${String(r.n)}`),
            yLabel: 'Distance',
            yUnit: 'km',
            series: [
              { name: 'Previous period', points: dayRows.map((r, i) => [i, Number(r.previous)] as const) },
              { name: 'Current period', points: dayRows.map((r, i) => [i, Number(r.current)] as const) },
            ],
          },
    ],
  });
}
