import { describe, expect, it } from 'vitest';
import { isoWeek } from '../../../../src/server/reports/content/calendar-buckets';
import { DAY_MS, build, fleet, summaryValue, sumOf, table, utc } from './report-fixture';

const daysKm = (assetId: number, from: string, days: number): number[] =>
  Array.from({ length: days }, (_, i) => fleet.dailyDistanceKm(assetId, utc(from) + i * DAY_MS));

describe('mileage reports', () => {
  it('daily: one row per asset and day, equal to the simulator’s daily distance', () => {
    const doc = build({
      type: 'mileage_daily',
      asset_ids: [2, 5, 9],
      date_from: '2026-03-02',
      date_to: '2026-03-08',
    });
    const rows = table(doc, 'mileage').rows;
    expect(rows).toHaveLength(21);
    for (const [a, id] of [2, 5, 9].entries()) {
      const km = daysKm(id, '2026-03-02', 7);
      // Rows carry a tenth of a km: 420.95 km reads 421.0.
      km.forEach((d, i) =>
        expect(Math.abs(Number(rows[a * 7 + i]!.distance) - d)).toBeLessThanOrEqual(0.0501),
      );
    }
    const total = sumOf([2, 5, 9].flatMap((id) => daysKm(id, '2026-03-02', 7)));
    expect(summaryValue(doc, 'Total distance')).toBeCloseTo(total, 1);
    expect(doc.title).toBe('Daily mileage — 3 assets');
    expect(doc.assets.map((a) => a.id)).toEqual([2, 5, 9]);
  });

  it('weekly: ISO weeks, Monday to Sunday, partial weeks at the edges', () => {
    expect(isoWeek(utc('2026-03-01'))).toEqual({ year: 2026, week: 9 });
    expect(isoWeek(utc('2026-03-02'))).toEqual({ year: 2026, week: 10 });
    expect(isoWeek(utc('2027-01-01'))).toEqual({ year: 2026, week: 53 });
    const doc = build({
      type: 'mileage_weekly',
      asset_id: 5,
      date_from: '2026-03-01',
      date_to: '2026-03-15',
    });
    const rows = table(doc, 'mileage').rows;
    expect(rows.map((r) => r.period)).toEqual(['2026-W09', '2026-W10', '2026-W11']);
    expect(rows.map((r) => r.days)).toEqual([1, 7, 7]);
    expect(rows[1]!.distance).toBeCloseTo(sumOf(daysKm(5, '2026-03-02', 7)), 1);
  });

  it('monthly: calendar months, the total equal to the daily distances', () => {
    const doc = build({
      type: 'mileage_monthly',
      asset_id: 12,
      date_from: '2026-01-15',
      date_to: '2026-03-10',
    });
    const rows = table(doc, 'mileage').rows;
    expect(rows.map((r) => r.period)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(rows.map((r) => r.days)).toEqual([17, 28, 10]);
    expect(summaryValue(doc, 'Total distance')).toBeCloseTo(sumOf(daysKm(12, '2026-01-15', 55)), 1);
  });

  it('comparison: the period against the same-length period just before it, with change in percent', () => {
    const doc = build({
      type: 'mileage_comparison',
      asset_ids: [1, 2],
      date_from: '2026-03-09',
      date_to: '2026-03-15',
    });
    const [van] = table(doc, 'assets').rows.filter((r) => r.asset === fleet.asset(2)!.name);
    const previous = sumOf(daysKm(2, '2026-03-02', 7));
    const current = sumOf(daysKm(2, '2026-03-09', 7));
    expect(van!.previous).toBeCloseTo(previous, 1);
    expect(van!.current).toBeCloseTo(current, 1);
    expect(van!.change_pct).toBeCloseTo(((current - previous) / previous) * 100, 1);
    expect(summaryValue(doc, 'Previous period')).toBe('2026-03-02 – 2026-03-08');
    expect(table(doc, 'days').rows).toHaveLength(7);
  });
});
