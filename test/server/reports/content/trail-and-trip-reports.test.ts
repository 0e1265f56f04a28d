import { describe, expect, it } from 'vitest';
import { NoDataError } from '../../../../src/server/reports/report-document';
import { build, fleet, rangeOf, RESTING, summaryValue, sumOf, table } from './report-fixture';

describe('trail report', () => {
  it('has one row per tracker fix with the simulator’s position, speed, ignition and movement', () => {
    const doc = build({ type: 'trail', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-02' });
    const history = fleet.history(1, ...rangeOf('2026-03-02', '2026-03-02'));
    const rows = table(doc, 'positions').rows;
    expect(rows).toHaveLength(history.length);
    expect(rows).toHaveLength(8640);
    for (const i of [0, 1234, 5000, history.length - 1]) {
      const s = history[i]!;
      expect(rows[i]).toMatchObject({ t: s.t, speed: s.speed, ignition: s.ignition, lat: s.lat, lon: s.lon });
      expect(rows[i]!.movement).toBe({ moving: 'Moving', idle: 'Idle', stopped: 'Stopped' }[s.state]);
    }
    const distance = history[history.length - 1]!.odometerKm - history[0]!.odometerKm;
    expect(summaryValue(doc, 'Distance')).toBeCloseTo(distance, 1);
    expect(summaryValue(doc, 'Maximum speed')).toBe(Math.max(...history.map((s) => s.speed)));
    expect(doc.title).toBe('Trail — Reefer 01 – Renault Master Frigo');
    expect(doc.charts[0]!.series[0]!.points.length).toBeLessThanOrEqual(2000);
  });

  it('keeps every row but prints a thinned view with every ignition change for a long range', () => {
    const doc = build({ type: 'trail', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-05' });
    const positions = table(doc, 'positions');
    expect(positions.rows).toHaveLength(4 * 8640);
    const printed = positions.printRows!;
    expect(printed.length).toBeLessThan(positions.rows.length / 10);
    expect(positions.printNote).toMatch(/^Printed view: one row per \d+ (minutes|hours?)/);
    expect([...printed].sort((a, b) => a - b)).toEqual(printed);
    // The chart is thinned to a few thousand points but keeps every peak: the top speed is still on it.
    const chart = doc.charts[0]!.series[0]!.points;
    expect(chart.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...chart.map(([, y]) => y))).toBe(summaryValue(doc, 'Maximum speed'));
    const printedSet = new Set(printed);
    if (/ignition/.test(positions.printNote!)) {
      for (let i = 1; i < positions.rows.length; i++) {
        if (positions.rows[i]!.ignition !== positions.rows[i - 1]!.ignition)
          expect(printedSet.has(i)).toBe(true);
      }
    }
  });

  it('uses the title the user gave', () => {
    const doc = build({
      type: 'trail',
      asset_id: 2,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
      title: 'Monday run',
    });
    expect(doc.title).toBe('Monday run');
  });
});

describe('trip report', () => {
  it('lists the simulator’s trips with places, and its total distance is their sum', () => {
    const doc = build({ type: 'trip', asset_id: 2, date_from: '2026-03-02', date_to: '2026-03-04' });
    const trips = fleet.trips(2, ...rangeOf('2026-03-02', '2026-03-04'));
    const rows = table(doc, 'trips').rows;
    expect(rows).toHaveLength(trips.length);
    expect(rows[0]).toMatchObject({
      start: trips[0]!.start,
      from: trips[0]!.from.name,
      to: trips[0]!.to.name,
    });
    expect(rows[0]!.duration).toBe(Math.round((trips[0]!.end - trips[0]!.start) / 1000));
    expect(summaryValue(doc, 'Trips')).toBe(trips.length);
    expect(summaryValue(doc, 'Total distance')).toBeCloseTo(sumOf(trips.map((t) => t.distanceKm)), 1);
    expect(summaryValue(doc, 'Maximum speed')).toBe(Math.max(...trips.map((t) => t.maxSpeed)));
  });

  it('fails with a clear message on a day the asset does not drive', () => {
    const { assetId, name, date } = RESTING;
    expect(() => build({ type: 'trip', asset_id: assetId, date_from: date, date_to: date })).toThrow(
      new NoDataError(`No trips for ${name} on ${date}`),
    );
  });
});
