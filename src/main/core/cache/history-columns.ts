import type { HistoryColumns } from '../../../shared/ipc/views';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type WritableHistoryColumns = Mutable<HistoryColumns>;
export type ColumnName = keyof HistoryColumns;

/**
 * Column order in memory and on disk: 8-byte columns first, then 4-byte, then
 * 1-byte, so every column starts aligned in a chunk blob.
 */
export const COLUMNS: readonly { readonly name: ColumnName; readonly bytes: 8 | 4 | 1 }[] = [
  { name: 't', bytes: 8 },
  { name: 'lat', bytes: 8 },
  { name: 'lon', bytes: 8 },
  { name: 'odometer', bytes: 8 },
  { name: 'alt', bytes: 4 },
  { name: 'speed', bytes: 4 },
  { name: 'heading', bytes: 4 },
  { name: 'ignition', bytes: 1 },
  { name: 'satellites', bytes: 1 },
];

export const BYTES_PER_POINT = COLUMNS.reduce((sum, c) => sum + c.bytes, 0);

/** Sentinel of ignition and satellites for "not reported" (spec 2.8 fields may be null). */
export const UNKNOWN_U8 = 255;

export function allocateColumns(count: number): WritableHistoryColumns {
  return {
    t: new Float64Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    odometer: new Float64Array(count),
    alt: new Float32Array(count),
    speed: new Float32Array(count),
    heading: new Float32Array(count),
    ignition: new Uint8Array(count),
    satellites: new Uint8Array(count),
  };
}

export const columnCount = (c: HistoryColumns): number => c.t.length;

/** Copies points [from, to) of `source` into `target` at `at`. */
export function copyPoints(
  source: HistoryColumns,
  from: number,
  to: number,
  target: WritableHistoryColumns,
  at: number,
): void {
  for (const { name } of COLUMNS) target[name].set(source[name].subarray(from, to), at);
}

export function concatColumns(parts: readonly HistoryColumns[]): WritableHistoryColumns {
  const out = allocateColumns(parts.reduce((n, p) => n + columnCount(p), 0));
  let at = 0;
  for (const p of parts) {
    copyPoints(p, 0, columnCount(p), out, at);
    at += columnCount(p);
  }
  return out;
}

export function sliceColumns(c: HistoryColumns, from: number, to: number): WritableHistoryColumns {
  const out = allocateColumns(Math.max(0, to - from));
  copyPoints(c, from, to, out, 0);
  return out;
}

/** Points [from, to) as views sharing `c`'s memory: no copy, for data about to be copied anyway. */
export function viewColumns(c: HistoryColumns, from: number, to: number): HistoryColumns {
  return {
    t: c.t.subarray(from, to),
    lat: c.lat.subarray(from, to),
    lon: c.lon.subarray(from, to),
    odometer: c.odometer.subarray(from, to),
    alt: c.alt.subarray(from, to),
    speed: c.speed.subarray(from, to),
    heading: c.heading.subarray(from, to),
    ignition: c.ignition.subarray(from, to),
    satellites: c.satellites.subarray(from, to),
  };
}

/** Views of the points with start <= t < end. */
export const viewByTime = (c: HistoryColumns, start: number, end: number): HistoryColumns =>
  viewColumns(c, lowerBound(c.t, start), lowerBound(c.t, end));

/** First index whose t is >= value (t is sorted ascending). */
export function lowerBound(t: Float64Array, value: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((t[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The points with start <= t < end. */
export function sliceByTime(c: HistoryColumns, start: number, end: number): WritableHistoryColumns {
  return sliceColumns(c, lowerBound(c.t, start), lowerBound(c.t, end));
}

/** Whether t is strictly ascending; the codec and the merge rely on it. */
export function isSortedUnique(t: Float64Array): boolean {
  for (let i = 1; i < t.length; i++) if (!((t[i] ?? 0) > (t[i - 1] ?? 0))) return false;
  return true;
}

/** Sorts by t and keeps the last of equal timestamps (a later fix of the same instant wins). */
export function sortUnique(c: HistoryColumns): HistoryColumns {
  if (isSortedUnique(c.t)) return c;
  const order = Array.from({ length: columnCount(c) }, (_, i) => i).sort(
    (a, b) => (c.t[a] ?? 0) - (c.t[b] ?? 0) || a - b,
  );
  const keep: number[] = [];
  for (const i of order) {
    const last = keep[keep.length - 1];
    if (last !== undefined && c.t[last] === c.t[i]) keep[keep.length - 1] = i;
    else keep.push(i);
  }
  const out = allocateColumns(keep.length);
  for (const { name } of COLUMNS) {
    const src = c[name];
    const dst = out[name];
    keep.forEach((i, j) => (dst[j] = src[i] ?? 0));
  }
  return out;
}
