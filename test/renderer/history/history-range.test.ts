import { describe, expect, it } from 'vitest';
import {
  parseLocalInput,
  presetRange,
  rangeProblem,
  startOfLocalDay,
  toLocalInput,
} from '../../../src/renderer/src/features/history/history-range';
import { coverageNotice } from '../../../src/renderer/src/features/history/coverage-notice';
import { formatDuration, formatHeading } from '../../../src/renderer/src/features/history/history-format';

const now = new Date(2026, 10, 23, 14, 30).getTime();

describe('history range presets', () => {
  it('today runs from local midnight to now; yesterday is the whole previous day', () => {
    expect(presetRange('today', now)).toEqual({ start: new Date(2026, 10, 23).getTime(), end: now });
    expect(presetRange('yesterday', now)).toEqual({
      start: new Date(2026, 10, 22).getTime(),
      end: new Date(2026, 10, 23).getTime(),
    });
  });

  it('the last 7 days are today and the six days before it', () => {
    const r = presetRange('last7', now);
    expect(r.start).toBe(new Date(2026, 10, 17).getTime());
    expect(r.end).toBe(now);
    expect(startOfLocalDay(now)).toBe(new Date(2026, 10, 23).getTime());
  });

  it('round-trips the datetime-local input format in local time and rejects impossible dates', () => {
    expect(toLocalInput(now)).toBe('2026-11-23T14:30');
    expect(parseLocalInput('2026-11-23T14:30')).toBe(now);
    expect(parseLocalInput('2026-02-30T10:00')).toBeNull();
    expect(parseLocalInput('yesterday')).toBeNull();
  });

  it('refuses ranges the service would refuse, saying why', () => {
    expect(rangeProblem({ start: now, end: now })).toBe('The end must be after the start');
    expect(rangeProblem({ start: now - 32 * 86_400_000, end: now })).toBe(
      'History covers at most 31 days at a time',
    );
    expect(rangeProblem({ start: now - 31 * 86_400_000, end: now })).toBeNull();
  });
});

describe('coverage wording', () => {
  const fmt = (ms: number): string => new Date(ms).toISOString();
  it('says offline and until when the cache is complete', () => {
    expect(
      coverageNotice({ complete: false, completeUntil: 0, source: 'cache', offline: true }, fmt)?.text,
    ).toBe('Offline — cached data, complete until 1970-01-01T00:00:00.000Z');
  });
  it('says incomplete when online but missing a part, and nothing when complete and live', () => {
    expect(
      coverageNotice({ complete: false, completeUntil: 0, source: 'mixed', offline: false }, fmt)?.tone,
    ).toBe('warning');
    expect(
      coverageNotice({ complete: true, completeUntil: 5, source: 'network', offline: false }, fmt),
    ).toBeNull();
  });
  it('calls a range that ends now "so far", not incomplete, and keeps the warning for a real hole', () => {
    const now = Date.UTC(2026, 10, 26, 9, 30);
    const unsettled = {
      complete: false,
      completeUntil: now - 2 * 60_000,
      source: 'network',
      offline: false,
    } as const;
    expect(
      coverageNotice(unsettled, fmt, { start: now - 3_600_000, end: now, askedAt: now, today: true }),
    ).toEqual({
      tone: 'so-far',
      text: 'Today so far — the latest fixes may still be arriving',
    });
    expect(
      coverageNotice(unsettled, fmt, { start: now - 3_600_000, end: now, askedAt: now, today: false })?.text,
    ).toMatch(/^So far — /);
    // Complete only until an hour ago: a real hole, whatever the range's end.
    const holed = { ...unsettled, completeUntil: now - 3_600_000 };
    expect(
      coverageNotice(holed, fmt, { start: now - 3_600_000, end: now, askedAt: now, today: true })?.tone,
    ).toBe('warning');
    // A range that ended yesterday is no "so far".
    expect(
      coverageNotice({ ...unsettled, completeUntil: now - 86_400_000 - 60_000 }, fmt, {
        start: now - 2 * 86_400_000,
        end: now - 86_400_000,
        askedAt: now,
        today: false,
      })?.tone,
    ).toBe('warning');
    // A minute after midnight nothing of today is settled yet: still "so far".
    const minute = { ...unsettled, completeUntil: null };
    expect(
      coverageNotice(minute, fmt, { start: now - 60_000, end: now, askedAt: now, today: true })?.tone,
    ).toBe('so-far');
    // Offline stays offline.
    expect(
      coverageNotice({ ...unsettled, offline: true }, fmt, {
        start: now - 3_600_000,
        end: now,
        askedAt: now,
        today: true,
      })?.tone,
    ).toBe('offline');
  });
});

describe('history formats', () => {
  it('reads durations and headings the way an operator says them', () => {
    expect([formatDuration(40_000), formatDuration(12 * 60_000), formatDuration(65 * 60_000)]).toEqual([
      '40 s',
      '12 min',
      '1 h 05 min',
    ]);
    expect(formatHeading(44)).toBe('44° NE');
    expect(formatHeading(NaN)).toBe('—');
  });
});
