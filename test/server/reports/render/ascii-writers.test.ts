import { describe, expect, it } from 'vitest';
import { copyBytes, writeDecimal, writeDigits } from '../../../../src/server/reports/render/ascii-writers';

/** writeDecimal's text, or null where it leaves the number to String(). */
function written(value: number): string | null {
  const buf = new Uint8Array(24);
  const end = writeDecimal(buf, 0, value);
  return end < 0 ? null : Buffer.from(buf.subarray(0, end)).toString('latin1');
}

/** A deterministic stream of numbers (mulberry32), so a failure is reproducible. */
function* numbers(seed: number, count: number): Generator<number> {
  let a = seed;
  for (let i = 0; i < count; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    yield ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

describe('numbers written as digits in place', () => {
  it('read exactly as String(number) for values of up to six decimals, as the simulator rounds them', () => {
    let checked = 0;
    const differing: string[] = [];
    for (const u of numbers(1, 200_000)) {
      const magnitude = 10 ** Math.floor(u * 10); // 1 … 1e9
      for (const decimals of [0, 1, 3, 6]) {
        const f = 10 ** decimals;
        const value = Math.round((u - 0.5) * 2 * magnitude * f) / f;
        const text = written(value);
        if (text === null) continue;
        if (text !== String(value)) differing.push(`${String(value)} written as ${text}`);
        checked++;
      }
    }
    expect(differing).toEqual([]);
    expect(checked).toBeGreaterThan(700_000);
  });

  it('write zero, negative zero, whole numbers and the edges of six decimals as String does', () => {
    for (const value of [
      0, -0, 1, -1, 10, 100, 0.000001, -0.000001, 0.1, 0.5, 1.25, 999_999_999.999999, -999_999_999.5,
      52.123456, 13.4, 42, 1e8, 123_456_789,
    ]) {
      expect(written(value)).toBe(String(value));
    }
  });

  it('leave to String what it cannot write as a short decimal', () => {
    for (const value of [
      0.1 + 0.2,
      1 / 3,
      1e-7,
      1e9,
      -1e9,
      1e21,
      NaN,
      Infinity,
      -Infinity,
      25_569 + 1_773_050_410_000 / 86_400_000,
    ]) {
      expect(written(value)).toBeNull();
    }
  });
});

describe('bytes copied in place', () => {
  it('copy all of a token, or the digits written into a scratch buffer up to their end', () => {
    const scratch = new Uint8Array(8).fill(0x78);
    const digits = writeDigits(scratch, 0, 1_048_576);
    const buf = new Uint8Array(32);
    const end = copyBytes(buf, copyBytes(buf, 0, Buffer.from('<c r="AB', 'latin1')), scratch, digits);
    expect(Buffer.from(buf.subarray(0, end)).toString('latin1')).toBe('<c r="AB1048576');
  });
});
