import { describe, expect, it } from 'vitest';
import { stopRows } from '../../../src/renderer/src/features/history/history-format';
import { testFormat } from '../support/display-format';

describe('the stops list', () => {
  it('names each day once, above its first stop, in the chosen zone', () => {
    const stops = ['2026-11-25T21:00:00Z', '2026-11-25T23:30:00Z', '2026-11-26T08:00:00Z'].map((t) => ({
      start: Date.parse(t),
    }));
    const utc = stopRows(stops, testFormat({ timeZone: 'UTC', dateFormat: 'iso' }));
    expect(utc.map((r) => r.day)).toEqual(['2026-11-25', null, '2026-11-26']);
    // In Berlin (UTC+1) 23:30 UTC is already the 26th: the second stop starts that day.
    const berlin = stopRows(stops, testFormat({ timeZone: 'Europe/Berlin', dateFormat: 'dmy' }));
    expect(berlin.map((r) => r.day)).toEqual(['25/11/2026', '26/11/2026', null]);
    expect(berlin.map((r) => r.stop)).toEqual(stops);
  });
});
