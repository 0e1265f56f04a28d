import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/main/core/api/retry-after';

describe('Retry-After', () => {
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:00:45 GMT', now)).toBe(45_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 08:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
