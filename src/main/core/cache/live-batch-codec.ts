import type { LivePosition } from '../../../shared/ipc/views';
import { HistoryChunkCorruptError } from './history-chunk-codec';

/**
 * One batch of live positions as one blob: header (magic "FDL1", count as
 * uint32 LE), then columns t, lat, lon (float64), speed, course (float32),
 * assetId (int32), ignition (uint8). The state name is not kept: history
 * columns have no place for it, and the last state lives in memory.
 */
const MAGIC = 0x314c4446; // "FDL1" read as a little-endian uint32
const HEADER_BYTES = 8;
const BYTES_PER_POSITION = 8 * 3 + 4 * 2 + 4 + 1;

export interface LiveBatchColumns {
  readonly t: Float64Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly speed: Float32Array;
  readonly course: Float32Array;
  readonly assetId: Int32Array;
  readonly ignition: Uint8Array;
}

export const liveBatchSize = (count: number): number => HEADER_BYTES + count * BYTES_PER_POSITION;

export function encodeLiveBatch(positions: readonly LivePosition[]): Buffer {
  const n = positions.length;
  const buf = Buffer.alloc(liveBatchSize(n));
  buf.writeUInt32LE(MAGIC, 0);
  buf.writeUInt32LE(n, 4);
  const c = columnsOver(buf, n);
  for (let i = 0; i < n; i++) {
    const p = positions[i];
    if (!p) continue;
    c.t[i] = p.t;
    c.lat[i] = p.lat;
    c.lon[i] = p.lon;
    c.speed[i] = p.speed;
    c.course[i] = p.course;
    c.assetId[i] = p.assetId;
    c.ignition[i] = p.ignition ? 1 : 0;
  }
  return buf;
}

/** Views into the blob (copied first when it is not 8-byte aligned). */
export function decodeLiveBatch(blob: Uint8Array): LiveBatchColumns {
  if (blob.byteLength < HEADER_BYTES)
    throw new HistoryChunkCorruptError('live batch shorter than its header');
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (view.getUint32(0, true) !== MAGIC)
    throw new HistoryChunkCorruptError('live batch has an unknown format');
  const n = view.getUint32(4, true);
  if (blob.byteLength !== liveBatchSize(n))
    throw new HistoryChunkCorruptError('live batch has the wrong length');
  return columnsOver(blob.byteOffset % 8 === 0 ? blob : new Uint8Array(blob), n);
}

function columnsOver(buf: Uint8Array, n: number): LiveBatchColumns {
  const base = buf.byteOffset + HEADER_BYTES;
  const b = buf.buffer;
  return {
    t: new Float64Array(b, base, n),
    lat: new Float64Array(b, base + 8 * n, n),
    lon: new Float64Array(b, base + 16 * n, n),
    speed: new Float32Array(b, base + 24 * n, n),
    course: new Float32Array(b, base + 28 * n, n),
    assetId: new Int32Array(b, base + 32 * n, n),
    ignition: new Uint8Array(b, base + 36 * n, n),
  };
}
