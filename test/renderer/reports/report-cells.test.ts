import { describe, expect, it } from 'vitest';
import {
  columnField,
  formatCell,
  summaryField,
} from '../../../src/renderer/src/features/reports/report-cells';
import { testFormat } from '../support/display-format';

const metric = testFormat({ timeZone: 'UTC', dateFormat: 'iso', hour24: true });
const imperial = testFormat({
  timeZone: 'America/New_York',
  dateFormat: 'mdy',
  hour24: false,
  speedUnit: 'mph',
  distanceUnit: 'mi',
  volumeUnit: 'usgal',
});

describe('json report values as the operator reads them', () => {
  it('reads a summary key’s unit from its suffix, and its words from the rest', () => {
    expect(summaryField('moving_time_s', 96_240, metric)).toEqual({
      label: 'Moving time',
      unit: null,
      kind: 'duration',
    });
    expect(summaryField('distance_km', 812.4, metric)).toMatchObject({ label: 'Distance', unit: 'km' });
    expect(summaryField('maximum_speed_kmh', 92, metric)).toMatchObject({
      label: 'Maximum speed',
      unit: 'km/h',
    });
    expect(summaryField('average_consumption_l_per_100km', 9.1, metric)).toMatchObject({
      label: 'Average consumption',
      unit: 'l/100 km',
    });
    expect(summaryField('fuel_consumed_l', 40, metric)).toMatchObject({ label: 'Fuel consumed', unit: 'L' });
    expect(summaryField('average_temperature_c', 4, metric)).toMatchObject({
      label: 'Average temperature',
      unit: '°C',
    });
    expect(summaryField('idling_pct', 12.5, metric)).toMatchObject({ label: 'Idling', unit: '%' });
    expect(summaryField('first_position', '2026-11-16T06:00:10.000Z', metric)).toMatchObject({
      label: 'First position',
      kind: 'datetime',
    });
    // Words that merely end in s are counts, not seconds.
    expect(summaryField('harsh_events', 4, metric)).toEqual({
      label: 'Harsh events',
      unit: null,
      kind: 'value',
    });
    expect(summaryField('most_frequent', 'Overspeed (3)', metric)).toMatchObject({ kind: 'value' });
  });

  it('shows durations in hours and minutes however long, never as seconds', () => {
    const moving = summaryField('moving_time_s', 96_240, metric);
    expect(moving.label).toBe('Moving time');
    expect(formatCell(96_240, moving, metric)).toBe('26 h 44 min');
    expect(formatCell(725, columnField({ label: 'Duration', unit: 's' }, [], 'd', metric), metric)).toBe(
      '12 min 05 s',
    );
  });

  it('shows distances, speeds, volumes and economy in the operator’s units', () => {
    const cell = (key: string, value: number) =>
      formatCell(value, summaryField(key, value, imperial), imperial);
    expect(cell('distance_km', 160.9344)).toBe('100 mi');
    expect(cell('maximum_speed_kmh', 96.56064)).toBe('60 mph');
    expect(cell('fuel_consumed_l', 37.85411784)).toBe('10 gal');
    expect(cell('stop_radius_m', 1609.344)).toBe('1 mi');
    // 235.214583 / (l/100 km) = mpg.
    expect(cell('average_consumption_l_per_100km', 10)).toBe('23.52 mpg');
    expect(formatCell(100, summaryField('distance_km', 100, metric), metric)).toBe('100 km');
    const speed = columnField({ label: 'Speed', unit: 'km/h' }, [], 'speed', imperial);
    expect(speed).toMatchObject({ label: 'Speed', unit: 'mph' });
    // In a table the unit is in the header, the cells bare.
    expect(formatCell(160.9344, speed, imperial, true)).toBe('100');
    expect(
      formatCell(21.5, columnField({ label: 'Temperature', unit: '°C' }, [], 't', imperial), imperial),
    ).toBe('21.5 °C');
  });

  it('knows a column by its unit (UTC times, s durations) or else by its values', () => {
    const rows = [{ t: '2026-11-16T06:00:10Z', day: '2026-11-16', n: null }, { n: 3 }];
    expect(columnField({ label: 'Time', unit: 'UTC' }, rows, 't', metric).kind).toBe('datetime');
    expect(columnField({ label: 'Duration', unit: 's' }, rows, 'd', metric).kind).toBe('duration');
    expect(columnField({ label: 'Day' }, rows, 'day', metric).kind).toBe('date');
    expect(columnField({ label: 'Count' }, rows, 'n', metric).kind).toBe('value');
  });

  it('formats times in the operator’s zone and format, dates as the UTC day they name', () => {
    const at = '2026-11-16T06:00:10.000Z';
    const time = { label: 'Time', unit: null, kind: 'datetime' } as const;
    const day = { label: 'Day', unit: null, kind: 'date' } as const;
    expect(formatCell(at, time, metric)).toBe('2026-11-16, 06:00:10');
    expect(formatCell(at, time, imperial)).toMatch(/^11\/16\/2026, 1:00:10\sAM$/);
    expect(formatCell('2026-11-16', day, metric)).toBe('2026-11-16');
    expect(formatCell('2026-11-16', day, imperial)).toBe('11/16/2026');
    expect(formatCell(null, { label: 'x', unit: null, kind: 'value' }, metric)).toBe('—');
    expect(formatCell(true, { label: 'x', unit: null, kind: 'value' }, metric)).toBe('Yes');
    expect(formatCell({ a: 1 }, { label: 'x', unit: null, kind: 'value' }, metric)).toBe('{"a":1}');
  });
});
