import type { HistoryColumns } from '../ipc/views';

/**
 * The history answer as columns (docs/interface-decisions.md "History as
 * columns"): an optional form of `GET /asset/{id}/history` that the local
 * service gives a client whose Accept names this type. A month at 10 s is
 * 15 MB instead of 46 MB of JSON, written and read without a per-position
 * object. The spec's JSON stays the answer to everyone else, and a service
 * that does not know this type answers JSON, which the client reads as before.
 *
 * Layout, little-endian: "FHC1", the point count as uint32, then each column
 * whole in this order: t (epoch ms), latitude, longitude, odometer (float64);
 * altitude, speed, heading (float32); ignition (0, 1, 255 unknown),
 * satellites (0–254, 255 unknown) (uint8). NaN is null. Values carry the JSON
 * answer's precision (location-json.ts), so both forms decode to equal columns.
 */
export const HISTORY_COLUMNS_MEDIA_TYPE = 'application/vnd.fleetdesk.history-columns';

const MAGIC = 0x31434846; // "FHC1" read as a little-endian uint32
const HEADER_BYTES = 8;
export const WIRE_BYTES_PER_POINT = 4 * 8 + 3 * 4 + 2;

/** Whether this machine's typed arrays are little-endian (every platform Electron ships on is). */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class HistoryWireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryWireError';
  }
}

/**
 * Columns of `count` points laid over `buffer` from byte `base`, in the order
 * above: the float64 columns first, so each column is aligned when `base` is
 * 8-aligned. The history cache's chunks use the same layout.
 */
export function columnsOver(buffer: ArrayBufferLike, base: number, count: number): HistoryColumns {
  const f64 = (i: number): Float64Array => new Float64Array(buffer, base + i * count * 8, count);
  const f32 = (i: number): Float32Array => new Float32Array(buffer, base + count * 32 + i * count * 4, count);
  const u8 = (i: number): Uint8Array => new Uint8Array(buffer, base + count * 44 + i * count, count);
  return {
    t: f64(0),
    lat: f64(1),
    lon: f64(2),
    odometer: f64(3),
    alt: f32(0),
    speed: f32(1),
    heading: f32(2),
    ignition: u8(0),
    satellites: u8(1),
  };
}

/** A buffer with its header written and its columns to fill. */
export function allocateWire(count: number): {
  readonly bytes: Uint8Array;
  readonly columns: HistoryColumns;
} {
  if (!LITTLE_ENDIAN)
    throw new HistoryWireError('history columns are written on little-endian machines only');
  const buffer = new ArrayBuffer(HEADER_BYTES + count * WIRE_BYTES_PER_POINT);
  const header = new DataView(buffer);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, count, true);
  return { bytes: new Uint8Array(buffer), columns: columnsOver(buffer, HEADER_BYTES, count) };
}

/**
 * The columns of an answer, checked as the JSON schema checks a position
 * (locationSchema): a finite time, latitude within ±90 and longitude within
 * ±180; ignition 0, 1 or 255. The bytes are copied once into an aligned buffer.
 */
export function decodeHistoryColumns(body: Uint8Array): HistoryColumns {
  if (!LITTLE_ENDIAN) throw new HistoryWireError('history columns are read on little-endian machines only');
  if (body.byteLength < HEADER_BYTES) throw new HistoryWireError('the answer is shorter than its header');
  const header = new DataView(body.buffer, body.byteOffset, HEADER_BYTES);
  if (header.getUint32(0, true) !== MAGIC) throw new HistoryWireError('the answer is not in the FHC1 layout');
  const count = header.getUint32(4, true);
  const expected = HEADER_BYTES + count * WIRE_BYTES_PER_POINT;
  if (body.byteLength !== expected)
    throw new HistoryWireError(
      `an answer of ${count} points should be ${expected} bytes, it is ${body.byteLength}`,
    );
  const buffer = new ArrayBuffer(expected);
  new Uint8Array(buffer).set(body);
  const c = columnsOver(buffer, HEADER_BYTES, count);
  for (let i = 0; i < count; i++) {
    const lat = c.lat[i] ?? Number.NaN;
    const lon = c.lon[i] ?? Number.NaN;
    const ignition = c.ignition[i];
    if (!Number.isFinite(c.t[i])) throw new HistoryWireError(`point ${i}: the time is not a number`);
    if (!(lat >= -90 && lat <= 90))
      throw new HistoryWireError(`point ${i}: latitude ${lat} is not within ±90`);
    if (!(lon >= -180 && lon <= 180))
      throw new HistoryWireError(`point ${i}: longitude ${lon} is not within ±180`);
    if (ignition !== 0 && ignition !== 1 && ignition !== 255)
      throw new HistoryWireError(`point ${i}: ignition ${ignition} is not 0, 1 or 255`);
  }
  return c;
}

/** Whether an Accept header (RFC 9110 §12.5.1) asks for history columns, with a q above 0. */
export function acceptsHistoryColumns(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type !== HISTORY_COLUMNS_MEDIA_TYPE) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
