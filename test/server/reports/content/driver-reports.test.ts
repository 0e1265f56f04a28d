import { describe, expect, it } from 'vitest';
import { SCORE_FORMULA, driverScore } from '../../../../src/server/reports/content/driver-score';
import { NoDataError } from '../../../../src/server/reports/report-document';
import { DAY_MS, build, fleet, rangeOf, RESTING, summaryValue, table, utc } from './report-fixture';

describe('driver behaviour report', () => {
  it('lists the simulator’s harsh events with place and severity, for a driver as for their asset', () => {
    const asset = fleet.asset(1)!;
    const byDriver = build({
      type: 'driver_behavior',
      driver_id: asset.driverId,
      date_from: '2026-03-02',
      date_to: '2026-03-08',
    });
    const byAsset = build({
      type: 'driver_behavior',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-08',
    });
    const events = fleet.harshEvents(1, ...rangeOf('2026-03-02', '2026-03-08'));
    expect(events.length).toBeGreaterThan(0);
    const rows = table(byDriver, 'events').rows;
    expect(rows).toEqual(table(byAsset, 'events').rows);
    expect(rows).toHaveLength(events.length);
    expect(rows[0]).toMatchObject({ t: events[0]!.t });
    expect(rows[0]!.severity).toBe({ low: 'Low', medium: 'Medium', high: 'High' }[events[0]!.severity]);
    expect(rows[0]!.event).toMatch(/^Harsh (braking|acceleration|cornering)$/);
    expect(String(rows[0]!.place)).not.toBe('');
    expect(byDriver.title).toBe(`Driver behaviour — ${asset.driverName}`);
    expect(summaryValue(byDriver, 'Harsh events')).toBe(events.length);
  });

  it('fails with a clear message when the driver did not drive', () => {
    const asset = fleet.asset(RESTING.assetId)!;
    expect(() =>
      build({
        type: 'driver_behavior',
        driver_id: asset.driverId,
        date_from: RESTING.date,
        date_to: RESTING.date,
      }),
    ).toThrow(NoDataError);
  });
});

describe('driver score report', () => {
  it('scores the driver overall and per day, and prints the formula it used', () => {
    const doc = build({ type: 'driver_score', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-04' });
    expect(summaryValue(doc, 'Scoring formula')).toBe(SCORE_FORMULA);
    const days = table(doc, 'days').rows;
    expect(days.map((d) => d.date)).toEqual([utc('2026-03-02'), utc('2026-03-03'), utc('2026-03-04')]);
    for (const [i, day] of days.entries()) {
      expect(day.distance).toBeCloseTo(fleet.dailyDistanceKm(1, utc('2026-03-02') + i * DAY_MS), 1);
      expect(day.score).toBeGreaterThanOrEqual(0);
      expect(day.score).toBeLessThanOrEqual(100);
    }
    const [driver] = table(doc, 'drivers').rows;
    expect(driver).toMatchObject({ driver: fleet.asset(1)!.driverName, driver_id: fleet.asset(1)!.driverId });
    expect(summaryValue(doc, 'Score')).toBe(driver!.score);
    const [start, end] = rangeOf('2026-03-02', '2026-03-04');
    expect(driver!.harsh).toBe(fleet.harshEvents(1, start, end).length);
    expect(driver!.overspeed).toBe(fleet.alarms(1, start, end).filter((a) => a.kind === 'overspeed').length);
  });

  it('follows the documented formula: weighted harsh and overspeed events per 100 km and idling cost points, capped', () => {
    const time = { movingMs: 3_600_000, idleMs: 600_000, ignitionMs: 4_200_000 };
    const harsh = { t: 0, kind: 'braking', g: 0.5, speed: 50, lat: 0, lon: 0 } as const;
    const overspeed = {
      t: 0,
      kind: 'overspeed',
      message: 'Speed 80 km/h in a 50 km/h zone',
      lat: 0,
      lon: 0,
    } as const;
    const idlingPoints = 0.5 * (600 / 4200) * 100;
    const result = driverScore({
      km: 200,
      harsh: [
        { ...harsh, severity: 'low' },
        { ...harsh, severity: 'high' },
      ],
      overspeed: [{ ...overspeed, severity: 'medium' }],
      time,
    });
    // H = (1 + 3) / 200 km × 100 = 2 → 8 points; O = 2 / 200 km × 100 = 1 → 5 points.
    expect(result.harshPer100Km).toBeCloseTo(2);
    expect(result.overspeedPer100Km).toBeCloseTo(1);
    expect(result.score).toBeCloseTo(100 - 8 - 5 - idlingPoints, 6);
    const awful = driverScore({
      km: 1,
      harsh: Array(50).fill({ ...harsh, severity: 'high' }),
      overspeed: Array(50).fill({ ...overspeed, severity: 'high' }),
      time,
    });
    expect(awful.score).toBeCloseTo(100 - 40 - 30 - idlingPoints, 6);
    expect(driverScore({ km: 0, harsh: [], overspeed: [], time }).score).toBeNull();
  });

  it('fails with a clear message when the driver did not drive', () => {
    const asset = fleet.asset(RESTING.assetId)!;
    expect(() =>
      build({
        type: 'driver_score',
        driver_id: asset.driverId,
        date_from: RESTING.date,
        date_to: RESTING.date,
      }),
    ).toThrow(`No driving by ${asset.driverName} (${asset.name}) on ${RESTING.date}`);
  });
});
