import { describe, expect, it } from 'vitest';
import {
  createClockFormat,
  type ClockOptions,
} from '../../../../src/renderer/src/layout/format/clock-format';

const base: ClockOptions = { timeZone: 'UTC', hour24: true, dateFormat: 'iso', locale: 'en-GB' };
const at = (iso: string): number => Date.parse(iso);

describe('times in the chosen zone and hour cycle', () => {
  it('writes 24-hour and 12-hour times, with seconds on request', () => {
    const t = at('2026-11-26T14:05:09Z');
    expect(createClockFormat(base).time(t)).toBe('14:05');
    expect(createClockFormat(base).time(t, true)).toBe('14:05:09');
    expect(createClockFormat({ ...base, hour24: false, locale: 'en-US' }).time(t)).toBe('2:05 PM');
    // Just after midnight is 00:05 in 24-hour time, never 24:05.
    expect(createClockFormat(base).time(at('2026-11-26T00:05:00Z'))).toBe('00:05');
    expect(
      createClockFormat({ ...base, hour24: false, locale: 'en-US' }).time(at('2026-11-26T00:05:00Z')),
    ).toBe('12:05 AM');
  });

  it('writes times as the locale does until the operator chooses', () => {
    const t = at('2026-11-26T14:05:09Z');
    expect(createClockFormat({ ...base, hour24: null, locale: 'en-US' }).time(t)).toBe('2:05 PM');
    expect(createClockFormat({ ...base, hour24: null, locale: 'en-GB' }).time(t)).toBe('14:05');
  });

  it('shows a moment in the chosen zone, the date shifting with it', () => {
    const t = at('2026-11-26T23:30:00Z');
    const berlin = createClockFormat({ ...base, timeZone: 'Europe/Berlin' });
    expect(berlin.time(t)).toBe('00:30');
    expect(berlin.date(t)).toBe('2026-11-27');
    expect(berlin.zone).toBe('Europe/Berlin');
    expect(createClockFormat(base).date(t)).toBe('2026-11-26');
  });

  it('follows a non-UTC zone across its daylight-saving changes', () => {
    const ny = createClockFormat({ ...base, timeZone: 'America/New_York' });
    // 2026-03-08: 01:59 EST is followed by 03:00 EDT.
    expect(ny.time(at('2026-03-08T06:59:00Z'))).toBe('01:59');
    expect(ny.time(at('2026-03-08T07:00:00Z'))).toBe('03:00');
    // 2026-11-01: 01:30 happens twice, first in EDT then in EST.
    expect(ny.time(at('2026-11-01T05:30:00Z'))).toBe('01:30');
    expect(ny.time(at('2026-11-01T06:30:00Z'))).toBe('01:30');
    const nyUs = createClockFormat({ ...base, timeZone: 'America/New_York', locale: 'en-US' });
    expect(nyUs.full(at('2026-11-01T05:30:00Z'))).toBe('Sunday, 2026-11-01, 01:30:00 EDT');
    expect(nyUs.full(at('2026-11-01T06:30:00Z'))).toBe('Sunday, 2026-11-01, 01:30:00 EST');
    // The day boundary is the zone's midnight, not UTC's.
    expect(ny.dayKey(at('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(ny.dayKey(at('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
  });

  it('writes each date format', () => {
    const t = at('2026-11-26T10:00:00Z');
    const of = (dateFormat: ClockOptions['dateFormat']) => createClockFormat({ ...base, dateFormat });
    expect(of('iso').date(t)).toBe('2026-11-26');
    expect(of('dmy').date(t)).toBe('26/11/2026');
    expect(of('mdy').date(t)).toBe('11/26/2026');
    expect(of('locale').date(t)).toBe('26 Nov 2026');
    expect(of('dmy').shortDate(t)).toBe('26/11');
    expect(of('mdy').shortDate(t)).toBe('11/26');
    expect(of('iso').shortDate(t)).toBe('2026-11-26');
    expect(of('dmy').dateTime(t)).toBe('26/11/2026, 10:00');
  });

  it('names a moment by its time alone today, its date on another day, its year in another year', () => {
    const f = createClockFormat({ ...base, dateFormat: 'dmy' });
    const now = at('2026-11-26T18:00:00Z');
    expect(f.moment(at('2026-11-26T09:15:00Z'), now)).toBe('09:15');
    expect(f.moment(at('2026-11-25T09:15:00Z'), now)).toBe('25/11, 09:15');
    expect(f.moment(at('2025-12-31T09:15:00Z'), now)).toBe('31/12/2025, 09:15');
    expect(f.moment(at('2026-11-26T09:15:07Z'), now, true)).toBe('09:15:07');
  });

  it('shows a calendar day as that day in every zone', () => {
    const tokyo = createClockFormat({ ...base, timeZone: 'Asia/Tokyo', dateFormat: 'mdy' });
    const la = createClockFormat({ ...base, timeZone: 'America/Los_Angeles', dateFormat: 'mdy' });
    expect(tokyo.calendarDay('2026-11-26')).toBe('11/26/2026');
    expect(la.calendarDay('2026-11-26')).toBe('11/26/2026');
    expect(la.calendarDay('not a day')).toBe('not a day');
  });

  it('falls back to the computer zone for "system" and for a zone it does not know', () => {
    const system = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(createClockFormat({ ...base, timeZone: 'system' }).zone).toBe(system);
    expect(createClockFormat({ ...base, timeZone: 'Mars/Olympus' }).zone).toBe(system);
  });
});
