import { describe, expect, it } from 'vitest';
import { ageTickMs, formatAge } from '../../../src/renderer/src/features/assets/age-format';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('last-update age', () => {
  it('reads as a short phrase that fits a fixed column', () => {
    expect(formatAge(NOW - 2000, NOW)).toBe('just now');
    expect(formatAge(NOW - 45_000, NOW)).toBe('45 s ago');
    expect(formatAge(NOW - 2 * 60_000 - 5000, NOW)).toBe('2 min ago');
    expect(formatAge(NOW - 3 * 3_600_000, NOW)).toBe('3 h ago');
    expect(formatAge(NOW - 4 * 86_400_000, NOW)).toBe('4 d ago');
  });

  it('says a fix stamped ahead of the clock is ahead, never "just now", past a small disagreement', () => {
    expect(formatAge(NOW + 17 * 3_600_000, NOW)).toBe("ahead of this computer's clock");
    expect(formatAge(NOW + 3 * 60_000, NOW)).toBe("ahead of this computer's clock");
    expect(formatAge(NOW + 20_000, NOW)).toBe('just now');
    expect(formatAge(NOW + 17 * 3_600_000, NOW, true)).toBe('clock ahead');
  });

  it('says never for an asset that has not reported', () => {
    expect(formatAge(null, NOW)).toBe('never');
    expect(formatAge(Number.NaN, NOW)).toBe('never');
  });

  it('ticks every second while the age is in seconds, then slower', () => {
    expect(ageTickMs(NOW - 10_000, NOW)).toBe(1000);
    expect(ageTickMs(NOW - 10 * 60_000, NOW)).toBe(30_000);
  });
});
