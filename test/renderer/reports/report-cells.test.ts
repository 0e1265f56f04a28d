import { describe, expect, it } from 'vitest';
import {
  columnField,
  formatCell,
  formatSeconds,
  summaryField,
} from '../../../src/renderer/src/features/reports/report-cells';

describe('json report values as the operator reads them', () => {
  it('reads a summary key’s unit from its suffix, and its words from the rest', () => {
    expect(summaryField('moving_time_s', 96_240)).toEqual({
      label: 'Moving time',
      unit: null,
      kind: 'duration',
    });
    expect(summaryField('distance_km', 812.4)).toEqual({ label: 'Distance', unit: 'km', kind: 'value' });
    expect(summaryField('maximum_speed_kmh', 92)).toMatchObject({ label: 'Maximum speed', unit: 'km/h' });
    expect(summaryField('average_consumption_l_per_100km', 9.1)).toMatchObject({
      label: 'Average consumption',
      unit: 'l/100 km',
    });
    expect(summaryField('fuel_consumed_l', 40)).toMatchObject({ label: 'Fuel consumed', unit: 'L' });
    expect(summaryField('average_temperature_c', 4)).toMatchObject({
      label: 'Average temperature',
      unit: '°C',
    });
    expect(summaryField('idling_pct', 12.5)).toMatchObject({ label: 'Idling', unit: '%' });
    expect(summaryField('first_position', '2026-11-16T06:00:10.000Z')).toMatchObject({
      label: 'First position',
      kind: 'datetime',
    });
    // Words that merely end in s are counts, not seconds.
    expect(summaryField('harsh_events', 4)).toEqual({ label: 'Harsh events', unit: null, kind: 'value' });
    expect(summaryField('most_frequent', 'Overspeed (3)')).toMatchObject({ kind: 'value' });
  });

  it('shows durations in hours and minutes however long, never as seconds', () => {
    expect(formatSeconds(96_240)).toBe('26 h 44 min');
    expect(formatSeconds(3_600)).toBe('1 h 00 min');
    expect(formatSeconds(725)).toBe('12 min 05 s');
    expect(formatSeconds(720)).toBe('12 min');
    expect(formatSeconds(40)).toBe('40 s');
    expect(formatSeconds(Number.NaN)).toBe('—');
    expect(formatCell(96_240, summaryField('moving_time_s', 96_240))).toBe('26 h 44 min');
  });

  it('knows a column by its unit (UTC times, s durations) or else by its values', () => {
    const rows = [{ t: '2026-11-16T06:00:10Z', day: '2026-11-16', n: null }, { n: 3 }];
    expect(columnField({ label: 'Time', unit: 'UTC' }, rows, 't').kind).toBe('datetime');
    expect(columnField({ label: 'Duration', unit: 's' }, rows, 'd').kind).toBe('duration');
    expect(columnField({ label: 'Speed', unit: 'km/h' }, rows, 's')).toEqual({
      label: 'Speed',
      unit: 'km/h',
      kind: 'value',
    });
    expect(columnField({ label: 'Day' }, rows, 'day').kind).toBe('date');
    expect(columnField({ label: 'Count' }, rows, 'n').kind).toBe('value');
  });

  it('formats times in the operator’s zone and format, dates as the UTC day they name', () => {
    const at = '2026-11-16T06:00:10.000Z';
    const expected = new Date(at).toLocaleString(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    expect(formatCell(at, { label: 'Time', unit: null, kind: 'datetime' })).toBe(expected);
    expect(formatCell('2026-11-16', { label: 'Day', unit: null, kind: 'date' })).toBe(
      new Date(Date.UTC(2026, 10, 16)).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    );
    expect(formatCell(1234.5, { label: 'Distance', unit: 'km', kind: 'value' })).toBe(
      `${(1234.5).toLocaleString()} km`,
    );
    expect(formatCell(null, { label: 'x', unit: null, kind: 'value' })).toBe('—');
    expect(formatCell(true, { label: 'x', unit: null, kind: 'value' })).toBe('Yes');
    expect(formatCell({ a: 1 }, { label: 'x', unit: null, kind: 'value' })).toBe('{"a":1}');
  });
});
