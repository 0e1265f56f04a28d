import { columnsOver } from '../../../shared/interface/history-columns-wire';
import type { HistoryColumns } from '../../../shared/ipc/views';
import {
  allocateColumns,
  BYTES_PER_POINT,
  COLUMNS,
  columnCount,
  type WritableHistoryColumns,
} from './history-columns';

/**
 * One asset-day of fixes as one blob: an 8-byte header (magic "FDH1", point
 * count as uint32 little-endian) and then each column's raw bytes in COLUMNS
 * order. Reading is a handful of memcpy calls, no per-point work.
 * Typed arrays use the platform's byte order; every platform Electron ships on
 * is little-endian, and the magic would not match on a big-endian one.
 */
const MAGIC = 0x31484446; // "FDH1" read as a little-endian uint32
const HEADER_BYTES = 8;

export class HistoryChunkCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryChunkCorruptError';
  }
}

export const encodedSize = (count: number): number => HEADER_BYTES + count * BYTES_PER_POINT;

export function encodeChunk(c: HistoryColumns): Buffer {
  const count = columnCount(c);
  const buf = Buffer.allocUnsafe(encodedSize(count));
  buf.writeUInt32LE(MAGIC, 0);
  buf.writeUInt32LE(count, 4);
  let at = HEADER_BYTES;
  for (const { name } of COLUMNS) {
    const col = c[name];
    const bytes = new Uint8Array(col.buffer, col.byteOffset, col.byteLength);
    buf.set(bytes, at);
    at += bytes.byteLength;
  }
  return buf;
}

/**
 * The chunk's columns. With `views`, the columns are views into the blob when
 * it is 8-byte aligned (no copy; the caller copies what it keeps), else copies.
 */
export function decodeChunk(
  blob: Uint8Array,
  options: { readonly views?: boolean } = {},
): WritableHistoryColumns {
  if (blob.byteLength < HEADER_BYTES)
    throw new HistoryChunkCorruptError('history chunk shorter than its header');
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (view.getUint32(0, true) !== MAGIC)
    throw new HistoryChunkCorruptError('history chunk has an unknown format');
  const count = view.getUint32(4, true);
  if (blob.byteLength !== encodedSize(count))
    throw new HistoryChunkCorruptError(
      `history chunk of ${count} points should be ${encodedSize(count)} bytes, is ${blob.byteLength}`,
    );
  if (options.views && blob.byteOffset % 8 === 0) return viewColumns(blob, count);
  const out = allocateColumns(count);
  let at = HEADER_BYTES;
  for (const { name, bytes } of COLUMNS) {
    const col = out[name];
    // Byte copy into the freshly allocated (aligned) column: the blob itself may sit at any offset.
    new Uint8Array(col.buffer).set(blob.subarray(at, at + count * bytes));
    at += count * bytes;
  }
  return out;
}

function viewColumns(blob: Uint8Array, count: number): WritableHistoryColumns {
  return columnsOver(blob.buffer, blob.byteOffset + HEADER_BYTES, count);
}
