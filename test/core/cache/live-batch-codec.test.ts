import { describe, expect, it } from 'vitest';
import { HistoryChunkCorruptError } from '../../../src/main/core/cache/history-chunk-codec';
import { decodeLiveBatch, encodeLiveBatch } from '../../../src/main/core/cache/live-batch-codec';

const positions = Array.from({ length: 5 }, (_, i) => ({
  assetId: 100 + i,
  lat: 45.4 + i / 1000,
  lon: 9.1 - i / 1000,
  speed: 10 * i,
  course: 45 * i,
  t: 1_700_000_000_000 + i,
  state: i % 2 ? 'moving' : 'idle',
  ignition: i % 2 === 1,
}));

describe('live batch codec', () => {
  it('reads back a batch of positions, also from an unaligned blob', () => {
    const blob = encodeLiveBatch(positions);
    const shifted = Buffer.alloc(blob.length + 1);
    blob.copy(shifted, 1);
    for (const b of [decodeLiveBatch(blob), decodeLiveBatch(shifted.subarray(1))]) {
      expect(Array.from(b.assetId)).toEqual([100, 101, 102, 103, 104]);
      expect(Array.from(b.lat)).toEqual(positions.map((p) => p.lat));
      expect(Array.from(b.t)).toEqual(positions.map((p) => p.t));
      expect(Array.from(b.ignition)).toEqual([0, 1, 0, 1, 0]);
      expect(b.course[2]).toBe(90);
    }
  });

  it('rejects a damaged batch with a typed error', () => {
    const blob = encodeLiveBatch(positions);
    expect(() => decodeLiveBatch(blob.subarray(0, 20))).toThrow(HistoryChunkCorruptError);
    expect(() => decodeLiveBatch(Buffer.from('FDH1xxxxxxxx'))).toThrow(HistoryChunkCorruptError);
  });
});
