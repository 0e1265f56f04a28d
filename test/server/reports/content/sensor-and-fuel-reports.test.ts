import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../src/server/reports/content/build-report';
import { REFILL_MATCH_WINDOW_MS } from '../../../../src/server/reports/content/refill-matching';
import { reportRequestSchema } from '../../../../src/shared/interface';
import { build, fleet, GENERATED_AT, rangeOf, summaryValue, sumOf, table } from './report-fixture';

describe('sensor report', () => {
  it('carries every temperature and fuel reading with min, max and average', () => {
    const doc = build({ type: 'sensor', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-02' });
    const history = fleet.history(1, ...rangeOf('2026-03-02', '2026-03-02'));
    const rows = table(doc, 'readings').rows;
    expect(rows).toHaveLength(history.length);
    const temps = history.map((s) => s.temperatureC!);
    expect(rows[100]).toMatchObject({
      t: history[100]!.t,
      temperature: temps[100],
      fuel: history[100]!.fuelLiters,
    });
    expect(summaryValue(doc, 'Minimum temperature')).toBeCloseTo(Math.min(...temps), 1);
    expect(summaryValue(doc, 'Maximum temperature')).toBeCloseTo(Math.max(...temps), 1);
    expect(summaryValue(doc, 'Average temperature')).toBeCloseTo(sumOf(temps) / temps.length, 1);
    const fuel = history.map((s) => s.fuelLiters);
    expect(summaryValue(doc, 'Minimum fuel level')).toBeCloseTo(Math.min(...fuel), 1);
    expect(doc.charts.map((c) => c.title)).toEqual(['Cargo temperature', 'Fuel level']);
  });

  it('holds its readings by column, every row as the fix had it', () => {
    const doc = build({ type: 'sensor', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-03' });
    const readings = table(doc, 'readings');
    expect(readings.columnValues?.map((c) => c.type)).toEqual([
      'numbers',
      'numbers',
      'numbers',
      'numbers',
      'booleans',
    ]);
    const tank = fleet.asset(1)!.fuelTankLiters;
    expect(tank).toBeGreaterThan(0);
    expect(readings.rows).toEqual(
      fleet.history(1, ...rangeOf('2026-03-02', '2026-03-03')).map((s) => ({
        t: s.t,
        temperature: s.temperatureC,
        fuel: s.fuelLiters,
        fuel_pct: Math.round((s.fuelLiters / tank) * 1000) / 10,
        ignition: s.ignition,
      })),
    );
  });

  it('reports the fuel level alone for an asset without a temperature probe', () => {
    const doc = build({ type: 'sensor', asset_id: 2, date_from: '2026-03-02', date_to: '2026-03-02' });
    expect(table(doc, 'readings').columns.map((c) => c.key)).not.toContain('temperature');
    expect(summaryValue(doc, 'Temperature probe')).toBe('none fitted');
  });
});

describe('fuel report', () => {
  it('shows refills and suspected drains from the simulator, and consumption per 100 km', () => {
    const doc = build({ type: 'fuel', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-08' });
    const [start, end] = rangeOf('2026-03-02', '2026-03-08');
    const events = fleet.fuelEvents(1, start, end);
    const refills = events.filter((e) => e.kind === 'refill');
    expect(refills.length).toBeGreaterThan(0);
    expect(table(doc, 'events').rows).toHaveLength(events.length);
    expect(summaryValue(doc, 'Refills')).toBe(refills.length);
    expect(summaryValue(doc, 'Fuel refilled')).toBeCloseTo(sumOf(refills.map((e) => e.liters)), 1);
    const history = fleet.history(1, start, end);
    const drained = sumOf(events.filter((e) => e.kind === 'drain').map((e) => e.liters));
    const consumed =
      history[0]!.fuelLiters -
      history[history.length - 1]!.fuelLiters +
      sumOf(refills.map((e) => e.liters)) -
      drained;
    expect(summaryValue(doc, 'Fuel consumed')).toBeCloseTo(consumed, 0);
    const km = Number(summaryValue(doc, 'Distance'));
    expect(summaryValue(doc, 'Average consumption')).toBeCloseTo(
      (Number(summaryValue(doc, 'Fuel consumed')) / km) * 100,
      1,
    );
    expect(table(doc, 'days').rows).toHaveLength(7);
  });
});

describe('fuel report with entered refills (spec 4.3 fuel-entry)', () => {
  it('pairs an entered refill with the sensor’s refill near it and lists one the sensor never saw', () => {
    const request = reportRequestSchema.parse({
      type: 'fuel',
      format: 'json',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-08',
    });
    const [start, end] = rangeOf('2026-03-02', '2026-03-08');
    const sensorRefill = fleet.fuelEvents(1, start, end).find((e) => e.kind === 'refill')!;
    const receipt = { t: sensorRefill.t + 30 * 60_000, liters: 41.5, station: 'Q8 Viale Monza' };
    // Three hours from any sensor refill of the week: nothing to pair it with.
    const sensorTimes = fleet.fuelEvents(1, start, end).map((e) => e.t);
    let lonely = start + 3 * 3_600_000;
    while (sensorTimes.some((t) => Math.abs(t - lonely) <= REFILL_MATCH_WINDOW_MS)) lonely += 3_600_000;
    const forgotten = { t: lonely, liters: 12, station: null };
    const doc = buildReport({
      fleet,
      request,
      reportId: '6f1c1b9e-8a47-4b8e-9d7a-2f7d1c3b5a10',
      title: 'Fuel',
      generatedAt: GENERATED_AT,
      enteredRefills: [receipt, forgotten],
    });
    const rows = table(doc, 'events').rows;
    expect(rows.find((r) => r.t === sensorRefill.t)).toMatchObject({
      kind: 'Refill (entered)',
      entered: 41.5,
      station: 'Q8 Viale Monza',
    });
    expect(rows.find((r) => r.t === forgotten.t)).toMatchObject({
      kind: 'Refill entered, not seen by the sensor',
      liters: null,
      entered: 12,
    });
    expect(rows).toHaveLength(fleet.fuelEvents(1, start, end).length + 1);
    expect(summaryValue(doc, 'Refills entered')).toBe(2);
    expect(summaryValue(doc, 'Fuel entered')).toBe(53.5);
    expect(summaryValue(doc, 'Entered refills the sensor did not see')).toBe(1);
    // Consumption is the sensor's: the same as without any entry.
    const plain = build({ type: 'fuel', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-08' });
    expect(summaryValue(doc, 'Fuel consumed')).toBe(summaryValue(plain, 'Fuel consumed'));
  });
});
