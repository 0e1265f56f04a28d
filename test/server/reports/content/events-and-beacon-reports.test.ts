import { describe, expect, it } from 'vitest';
import { NoDataError } from '../../../../src/server/reports/report-document';
import { build, fleet, rangeOf, summaryValue, table } from './report-fixture';

describe('alarms report', () => {
  it('lists the simulator’s alarms with severity, message and place', () => {
    const doc = build({ type: 'alarms_data', asset_id: 11, date_from: '2026-03-02', date_to: '2026-03-04' });
    const alarms = fleet.alarms(11, ...rangeOf('2026-03-02', '2026-03-04'));
    const rows = table(doc, 'alarms').rows;
    expect(rows).toHaveLength(alarms.length);
    expect(rows[0]).toMatchObject({ t: alarms[0]!.t, message: alarms[0]!.message });
    expect(summaryValue(doc, 'Alarms')).toBe(alarms.length);
    expect(summaryValue(doc, 'High severity')).toBe(alarms.filter((a) => a.severity === 'high').length);
  });
});

describe('OBD-II report', () => {
  it('carries the readings and the fault codes with their descriptions', () => {
    const doc = build({ type: 'obd_data', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-08' });
    const [start, end] = rangeOf('2026-03-02', '2026-03-08');
    const readings = fleet.obdReadings(1, start, end);
    const faults = fleet.faultCodes(1, start, end);
    expect(faults.length).toBeGreaterThan(0);
    expect(table(doc, 'readings').rows).toHaveLength(readings.length);
    const faultRows = table(doc, 'faults').rows;
    expect(faultRows).toHaveLength(faults.length);
    expect(faultRows[0]).toMatchObject({ code: faults[0]!.code, description: faults[0]!.description });
    expect(String(faultRows[0]!.description).length).toBeGreaterThan(5);
    expect(summaryValue(doc, 'Maximum engine speed')).toBe(Math.max(...readings.map((r) => r.rpm)));
  });

  it('fails with a clear message for an asset without an OBD-II adapter', () => {
    expect(() =>
      build({ type: 'obd_data', asset_id: 3, date_from: '2026-03-02', date_to: '2026-03-02' }),
    ).toThrow(new NoDataError('Car 01 – Volkswagen Golf has no OBD-II adapter, so there is no OBD-II data'));
  });
});

describe('beacon reports', () => {
  it('shows what an asset’s tracker detected, with temperature and humidity ranges', () => {
    const doc = build({
      type: 'beacon_environment',
      asset_id: 7,
      date_from: '2026-03-02',
      date_to: '2026-03-03',
    });
    const detections = fleet.beaconDetectionsByAsset(7, ...rangeOf('2026-03-02', '2026-03-03'));
    expect(table(doc, 'detections').rows).toHaveLength(detections.length);
    expect(summaryValue(doc, 'Maximum temperature')).toBeCloseTo(
      Math.max(...detections.map((d) => d.temperatureC)),
      1,
    );
    expect(table(doc, 'detections').rows[0]).toMatchObject({
      beacon: fleet.beacon(detections[0]!.beaconId)!.name,
    });
  });

  it('shows where one beacon was detected when asked by beacon_id', () => {
    const doc = build({
      type: 'beacon_environment',
      beacon_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
    });
    const detections = fleet.beaconDetectionsByBeacon(1, ...rangeOf('2026-03-02', '2026-03-02'));
    expect(table(doc, 'detections').rows).toHaveLength(detections.length);
    expect(doc.title).toMatch(/^Beacon environment — Cold-room sensor 001/);
  });

  it('follows a portable beacon from carrier to carrier', () => {
    const doc = build({
      type: 'portable_beacon',
      beacon_id: 3,
      date_from: '2026-03-02',
      date_to: '2026-03-08',
    });
    const detections = fleet.beaconDetectionsByBeacon(3, ...rangeOf('2026-03-02', '2026-03-08'));
    const custody = table(doc, 'custody').rows;
    expect(table(doc, 'detections').rows).toHaveLength(detections.length);
    expect(custody.reduce((n, c) => n + Number(c.detections), 0)).toBe(detections.length);
    expect(custody[0]!.from).toBe(detections[0]!.t);
    expect(summaryValue(doc, 'Last seen')).toBe(detections[detections.length - 1]!.t);
  });

  it('fails with a clear message for a beacon nobody detected', () => {
    expect(fleet.beaconDetectionsByBeacon(2, ...rangeOf('2026-03-02', '2026-03-04'))).toHaveLength(0);
    expect(() =>
      build({ type: 'portable_beacon', beacon_id: 2, date_from: '2026-03-02', date_to: '2026-03-04' }),
    ).toThrow(/^No detections of Pallet tag 002 \([0-9A-F:]{17}\) between 2026-03-02 and 2026-03-04$/);
  });
});
