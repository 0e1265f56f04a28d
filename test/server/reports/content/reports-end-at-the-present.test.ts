import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../../../../src/shared/interface';
import { NoDataError } from '../../../../src/server/reports/report-document';
import { DAY_MS, GENERATED_AT, build, fleet, subjectFor, table, utc } from './report-fixture';

/** The fixture's reports are generated at 2026-03-20 09:30 UTC: that is the present. */
const PRESENT = GENERATED_AT;
const TODAY = '2026-03-20';

describe('reports end at the present', () => {
  it('a trail for today has every fix up to now and none after', () => {
    const doc = build({ type: 'trail', asset_id: 1, date_from: TODAY, date_to: TODAY });
    const rows = table(doc, 'positions').rows;
    const fixes = fleet.history(1, utc(TODAY), PRESENT);
    expect(rows).toHaveLength(fixes.length);
    expect(rows.at(-1)!.t).toBe(fixes.at(-1)!.t);
    expect(Number(rows.at(-1)!.t)).toBeLessThanOrEqual(PRESENT);
    expect(Number(rows.at(-1)!.t)).toBeGreaterThan(PRESENT - 60_000);
  });

  it('a trip report lists the trips that have ended, not the one under way nor later ones', () => {
    const doc = build({ type: 'trip', asset_id: 1, date_from: TODAY, date_to: '2026-03-21' });
    const ends = table(doc, 'trips').rows.map((r) => Number(r.end));
    const ended = fleet.trips(1, utc(TODAY), PRESENT).filter((t) => t.end <= PRESENT);
    expect(ends).toEqual(ended.map((t) => t.end));
    // The simulator itself would also have given the rest of the two days.
    expect(fleet.trips(1, utc(TODAY), utc('2026-03-21') + DAY_MS - 1).length).toBeGreaterThan(ends.length);
  });

  it('daily mileage stops at today, counting today up to now', () => {
    const doc = build({ type: 'mileage_daily', asset_id: 1, date_from: '2026-03-19', date_to: '2026-03-25' });
    const rows = table(doc, 'mileage').rows;
    expect(rows.map((r) => r.period)).toEqual([utc('2026-03-19'), utc(TODAY)]);
    const sofar = fleet.odometerAt(1, PRESENT) - fleet.odometerAt(1, utc(TODAY));
    expect(sofar).toBeLessThan(fleet.dailyDistanceKm(1, utc(TODAY)));
    expect(rows[1]!.distance).toBeCloseTo(sofar, 1);
  });

  it('a mileage comparison reaching the present compares the same length of the period before', () => {
    const doc = build({
      type: 'mileage_comparison',
      asset_id: 1,
      date_from: '2026-03-18',
      date_to: '2026-03-24',
    });
    const [row] = table(doc, 'assets').rows;
    const elapsed = PRESENT - utc('2026-03-18');
    const before = utc('2026-03-11');
    expect(row!.previous).toBeCloseTo(fleet.odometerAt(1, before + elapsed) - fleet.odometerAt(1, before), 1);
    expect(row!.current).toBeCloseTo(
      fleet.odometerAt(1, PRESENT) - fleet.odometerAt(1, utc('2026-03-18')),
      1,
    );
    expect(table(doc, 'days').rows).toHaveLength(3);
  });

  it('an OBD-II fault not cleared by now is still active, for as long as it has been', () => {
    const faults = fleet.faultCodes(1, utc('2026-03-07'), PRESENT);
    const open = faults.filter((f) => f.clearedAt === null);
    const doc = build({ type: 'obd_data', asset_id: 1, date_from: '2026-03-07', date_to: '2026-03-20' });
    const rows = table(doc, 'faults').rows;
    expect(rows.filter((r) => r.cleared === null)).toHaveLength(open.length);
    for (const r of rows) {
      if (r.cleared !== null) expect(Number(r.cleared)).toBeLessThanOrEqual(PRESENT);
      else expect(Number(r.active)).toBeCloseTo((PRESENT - Number(r.t)) / 1000, -1);
    }
  });

  for (const type of REPORT_TYPES) {
    it(`${type} for a range wholly in the future fails with "No data in the date range"`, () => {
      for (const [date_from, date_to] of [
        ['2026-03-21', '2026-03-21'],
        ['2027-06-01', '2027-06-03'],
      ] as const) {
        let thrown: unknown;
        try {
          build({ type, ...subjectFor(type), date_from, date_to });
        } catch (err) {
          thrown = err;
        }
        expect(thrown).toBeInstanceOf(NoDataError);
        expect((thrown as Error).message).toMatch(/^No data in the date range: .* is in the future/);
      }
    });
  }
});
