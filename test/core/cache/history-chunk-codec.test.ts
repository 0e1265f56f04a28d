import { describe, expect, it } from 'vitest';
import {
  decodeChunk,
  encodeChunk,
  HistoryChunkCorruptError,
} from '../../../src/main/core/cache/history-chunk-codec';
import { allocateColumns, sortUnique, UNKNOWN_U8 } from '../../../src/main/core/cache/history-columns';

function sample(n: number, t0 = 1_700_000_000_000) {
  const c = allocateColumns(n);
  for (let i = 0; i < n; i++) {
    c.t[i] = t0 + i * 1000;
    c.lat[i] = 45.4642 + i * 1e-6;
    c.lon[i] = 9.19 - i * 1e-6;
    c.alt[i] = i % 7 === 0 ? Number.NaN : 120.5;
    c.speed[i] = (i % 90) + 0.25;
    c.heading[i] = i % 360;
    c.odometer[i] = 12_345.678 + i / 1000;
    c.ignition[i] = i % 11 === 0 ? UNKNOWN_U8 : i % 2;
    c.satellites[i] = 9;
  }
  return c;
}

describe('history chunk codec', () => {
  it('reads back exactly what it wrote, unknown values included', () => {
    const original = sample(1000);
    const decoded = decodeChunk(encodeChunk(original));
    expect(Array.from(decoded.t)).toEqual(Array.from(original.t));
    expect(Array.from(decoded.lat)).toEqual(Array.from(original.lat));
    expect(Array.from(decoded.alt)).toEqual(Array.from(original.alt));
    expect(Number.isNaN(decoded.alt[0])).toBe(true);
    expect(Array.from(decoded.ignition)).toEqual(Array.from(original.ignition));
    expect(Array.from(decoded.odometer)).toEqual(Array.from(original.odometer));
  });

  it('decodes a blob that starts at an unaligned offset', () => {
    const blob = encodeChunk(sample(10));
    const shifted = Buffer.alloc(blob.length + 3);
    blob.copy(shifted, 3);
    expect(Array.from(decodeChunk(shifted.subarray(3)).t)).toEqual(Array.from(sample(10).t));
  });

  it('rejects truncated or foreign blobs with a typed error', () => {
    const blob = encodeChunk(sample(10));
    expect(() => decodeChunk(blob.subarray(0, blob.length - 1))).toThrow(HistoryChunkCorruptError);
    expect(() => decodeChunk(Buffer.from('not a chunk at all'))).toThrow(HistoryChunkCorruptError);
    expect(() => decodeChunk(Buffer.alloc(3))).toThrow(HistoryChunkCorruptError);
  });

  it('sorts fixes by time and keeps one per timestamp', () => {
    const c = allocateColumns(4);
    c.t.set([3000, 1000, 3000, 2000]);
    c.lat.set([3, 1, 33, 2]);
    const sorted = sortUnique(c);
    expect(Array.from(sorted.t)).toEqual([1000, 2000, 3000]);
    expect(Array.from(sorted.lat)).toEqual([1, 2, 33]);
  });
});

describe('history chunk codec without copies', () => {
  it('gives the same columns as views of an aligned blob as it does copied', () => {
    const blob = encodeChunk(sample(257));
    const views = decodeChunk(blob, { views: true });
    const copies = decodeChunk(blob);
    for (const name of [
      't',
      'lat',
      'lon',
      'odometer',
      'alt',
      'speed',
      'heading',
      'ignition',
      'satellites',
    ] as const)
      expect(Array.from(views[name])).toEqual(Array.from(copies[name]));
  });
});
