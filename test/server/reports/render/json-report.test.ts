import { describe, expect, it } from 'vitest';
import { jsonReportContentSchema } from '../../../../src/shared/interface';
import { toJsonContent } from '../../../../src/server/reports/render/json';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { build, fleet, rangeOf } from '../content/report-fixture';
import { ODD_TITLE, oddDocument } from './odd-cells';

describe('json reports', () => {
  it('carry every row (not the printed view), times as ISO 8601 and the summary by key', async () => {
    const doc = build({ type: 'trail', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-02' });
    const history = fleet.history(1, ...rangeOf('2026-03-02', '2026-03-02'));
    const content = jsonReportContentSchema.parse(
      JSON.parse(Buffer.from(await renderReport(doc, 'json')).toString('utf8')),
    );
    expect(content).toEqual(JSON.parse(JSON.stringify(toJsonContent(doc))));
    expect(content.rows).toHaveLength(history.length);
    expect(content.rows[10]).toEqual({
      t: new Date(history[10]!.t).toISOString(),
      lat: history[10]!.lat,
      lon: history[10]!.lon,
      speed: history[10]!.speed,
      ignition: history[10]!.ignition,
      movement: { moving: 'Moving', idle: 'Idle', stopped: 'Stopped' }[history[10]!.state],
      odometer: history[10]!.odometerKm,
    });
    expect(content.columns[3]).toEqual({ key: 'speed', label: 'Speed', unit: 'km/h' });
    expect(content).toMatchObject({
      type: 'trail',
      title: 'Trail — Reefer 01 – Renault Master Frigo',
      period: { from: '2026-03-02', to: '2026-03-02' },
      generated_at: '2026-03-20T09:30:00.000Z',
      assets: [{ id: 1, name: 'Reefer 01 – Renault Master Frigo' }],
      table_title: 'Positions',
    });
    expect(content.summary).toMatchObject({
      positions: history.length,
      first_position: new Date(history[0]!.t).toISOString(),
      distance_km: expect.any(Number),
      maximum_speed_kmh: expect.any(Number),
      moving_time_s: expect.any(Number),
    });
    expect(content.tables).toBeUndefined();
  });

  it('write the very text JSON.stringify writes, byte for byte, for every report type', async () => {
    const week = { date_from: '2026-03-02', date_to: '2026-03-08' };
    for (const doc of [
      build({ type: 'trail', asset_id: 1, ...week }),
      build({ type: 'obd_data', asset_id: 1, ...week }),
      build({ type: 'trip', asset_id: 1, ...week }),
      oddDocument,
    ]) {
      const text = Buffer.from(await renderReport(doc, 'json')).toString('utf8');
      expect(text).toBe(JSON.stringify(toJsonContent(doc)));
    }
  });

  it('put the main table in columns/rows and the further tables in tables', () => {
    const doc = build({ type: 'obd_data', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-08' });
    const content = jsonReportContentSchema.parse(toJsonContent(doc));
    const faults = fleet.faultCodes(1, ...rangeOf('2026-03-02', '2026-03-08'));
    expect(content.table_title).toBe('Fault codes');
    expect(content.rows).toHaveLength(faults.length);
    expect(content.rows[0]).toMatchObject({ code: faults[0]!.code, t: new Date(faults[0]!.t).toISOString() });
    expect(content.tables!.map((t) => [t.key, t.title])).toEqual([['readings', 'Readings']]);
    expect(content.tables![0]!.rows).toHaveLength(
      fleet.obdReadings(1, ...rangeOf('2026-03-02', '2026-03-08')).length,
    );
    expect(content.summary.fault_codes).toBe(faults.length);
  });

  it('name the unit of duration columns, seconds, as the summary keys do', () => {
    const doc = build({ type: 'trip', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-04' });
    const content = jsonReportContentSchema.parse(toJsonContent(doc));
    expect(content.columns.find((c) => c.key === 'duration')).toEqual({
      key: 'duration',
      label: 'Duration',
      unit: 's',
    });
    const trip = content.rows[0]!;
    expect(trip.duration).toBe(
      Math.round((Date.parse(String(trip.end)) - Date.parse(String(trip.start))) / 1000),
    );
    expect(content.summary.driving_time_s).toEqual(expect.any(Number));
  });
});

describe('json reports of odd cells', () => {
  it('write NaN and Infinity as null and keep quotes, line breaks and non-Latin text intact', async () => {
    const text = Buffer.from(await renderReport(oddDocument, 'json')).toString('utf8');
    const content = jsonReportContentSchema.parse(JSON.parse(text));
    expect(content).toEqual(JSON.parse(JSON.stringify(toJsonContent(oddDocument))));
    expect(content.title).toBe(ODD_TITLE);
    expect(content.rows).toEqual([
      { t: '2026-03-02T10:00:00.250Z', speed: 42.5, on: true, note: 'line\nbreak "q" \\ </c>' },
      { t: null, speed: null, on: null, note: null },
      { t: '2026-03-02T23:59:59.000Z', speed: 'n/a', on: false, note: '  spaced  ' },
    ]);
    expect(content.summary).toMatchObject({ broken_km: null, nothing: null });
    expect(content.tables).toEqual([
      { key: 'empty', title: 'Empty: [none]', columns: [{ key: 'x', label: 'X' }], rows: [] },
    ]);
  });
});
