import {
  MAX_DECIMALS,
  packFloats,
  stepArray,
  unpackFloats,
  type FloatKind,
  type StepWidth,
} from './float-column-pack';

/**
 * The browser shell's socket frames (socket-frames.ts) as WebSocket messages, keeping what
 * Electron's structured clone keeps: typed arrays come back as the same kind with every bit of
 * every value, NaN and -0 included (a history's columns are Float64Array & co., NaN where the
 * service sent null). Plain JSON would turn them into index-keyed objects and NaN into null.
 *
 * A frame without a typed array is JSON text. A frame with one is a binary message, so a month's
 * columns cross as bytes rather than as text (base64 or decimal lists cost the page seconds to
 * parse, and a third more to carry). Layout, in the machine's byte order (the socket is loopback
 * only, bridge-socket.ts):
 *
 *   "FDB1" · header length (uint32) · header (UTF-8 JSON) · padding to 8 · payload
 *
 * The header is the frame with each typed array replaced by a descriptor naming its kind, its
 * length and where its bytes start in the payload (each 8-aligned). A float array whose values are
 * short decimals crosses as its steps (float-column-pack.ts), marked `pack`.
 */
const TYPED = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
} as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;

const TAG = '__fleetdeskTyped';
const MAGIC = 0x31424446; // "FDB1" read as a little-endian uint32
const PREFIX_BYTES = 8;
/** Below this many values packing saves too little to be worth a pass over them. */
const PACK_MIN_LENGTH = 256;

export class SocketFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SocketFrameError';
  }
}

const align8 = (n: number): number => (n + 7) & ~7;
const isTypedName = (name: string): name is TypedName => Object.hasOwn(TYPED, name);

interface Descriptor {
  [TAG]: TypedName;
  length: number;
  at: number;
  pack?: { decimals: number; base: number; width: StepWidth };
}

function typedOf(value: unknown): Typed | null {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) return null;
  const name = value.constructor.name;
  return isTypedName(name) && value instanceof TYPED[name] ? (value as Typed) : null;
}

/**
 * The bytes of the typed arrays a frame holds near its top (a reply's `reply.value.points.t` is
 * four levels down), looking no deeper than `depth` and into no object or array of more than
 * `width` entries, so a large plain frame (a fleet snapshot) costs next to nothing to ask about.
 * A lower bound: what it counts, the encoder meets too (plain objects and arrays, as JSON.stringify
 * walks them), so a frame it finds any in is encoded as bytes, not text.
 */
export function typedBytesNear(frame: unknown, depth = 5, width = 64): number {
  const typed = typedOf(frame);
  if (typed) return typed.byteLength;
  if (depth === 0 || typeof frame !== 'object' || frame === null) return 0;
  const proto: unknown = Object.getPrototypeOf(frame);
  if (!Array.isArray(frame) && proto !== Object.prototype && proto !== null) return 0;
  if ('toJSON' in frame) return 0;
  const entries = Object.values(frame);
  if (entries.length > width) return 0;
  let bytes = 0;
  for (const entry of entries) bytes += typedBytesNear(entry, depth - 1, width);
  return bytes;
}

export function encodeSocketFrame(frame: unknown): string | Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  let payloadBytes = 0;
  const header = JSON.stringify(frame, (_key, value: unknown) => {
    const typed = typedOf(value);
    if (!typed) return value;
    const name = typed.constructor.name as TypedName;
    const packed =
      (name === 'Float64Array' || name === 'Float32Array') && typed.length >= PACK_MIN_LENGTH
        ? packFloats(name, typed as Float64Array | Float32Array)
        : null;
    const bytes = packed ? packed.steps : typed;
    const descriptor: Descriptor = { [TAG]: name, length: typed.length, at: payloadBytes };
    if (packed)
      descriptor.pack = {
        decimals: packed.decimals,
        base: packed.base,
        width: packed.steps.BYTES_PER_ELEMENT as StepWidth,
      };
    parts.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    payloadBytes = align8(payloadBytes + bytes.byteLength);
    return descriptor;
  });
  if (parts.length === 0) return header;

  const headerBytes = new TextEncoder().encode(header);
  const payloadAt = align8(PREFIX_BYTES + headerBytes.byteLength);
  const out = new Uint8Array(payloadAt + payloadBytes);
  const prefix = new Uint32Array(out.buffer, 0, 2);
  prefix[0] = MAGIC;
  prefix[1] = headerBytes.byteLength;
  out.set(headerBytes, PREFIX_BYTES);
  let at = payloadAt;
  for (const part of parts) {
    out.set(part, at);
    at = align8(at + part.byteLength);
  }
  return out;
}

/** What a WebSocket hands over: the page's string or ArrayBuffer, or ws's Buffer in Node. */
export function decodeSocketFrame(data: unknown): unknown {
  if (typeof data === 'string') return JSON.parse(data) as unknown;
  let bytes: Uint8Array;
  if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  // A plain view even of a Buffer: a Buffer's slice() shares its memory where a Uint8Array's copies.
  else if (data instanceof Uint8Array) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else throw new SocketFrameError('A frame is neither text nor bytes.');
  // Views below need an 8-aligned payload, which a Buffer from a shared pool may not give.
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  if (bytes.byteLength < PREFIX_BYTES) throw new SocketFrameError('A binary frame is too short.');
  const prefix = new DataView(bytes.buffer, bytes.byteOffset, PREFIX_BYTES);
  if (prefix.getUint32(0, true) !== MAGIC)
    throw new SocketFrameError('A binary frame is not a bridge frame.');
  const headerLength = prefix.getUint32(4, true);
  if (PREFIX_BYTES + headerLength > bytes.byteLength)
    throw new SocketFrameError('A binary frame is shorter than its header.');
  const header = new TextDecoder('utf-8', { fatal: true }).decode(
    bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength),
  );
  const payload = bytes.subarray(Math.min(align8(PREFIX_BYTES + headerLength), bytes.byteLength));
  // Each array's bytes come after the one before it, as the encoder writes them (the reviver meets
  // them in the same order): a forged header cannot have every descriptor claim the whole payload
  // and make a small frame decode into gigabytes.
  const cursor = { next: 0 };
  return JSON.parse(header, (_key, value: unknown) => typedFrom(value, payload, cursor) ?? value) as unknown;
}

/** The typed array a descriptor stands for; null (the descriptor left as it came, for the frame's parser to refuse) when it is not one. */
function typedFrom(value: unknown, payload: Uint8Array, cursor: { next: number }): Typed | null {
  if (typeof value !== 'object' || value === null || !(TAG in value)) return null;
  const d = value as Partial<Record<keyof Descriptor, unknown>>;
  const name = d[TAG];
  const { length, at, pack } = d;
  if (typeof name !== 'string' || !isTypedName(name)) return null;
  if (!Number.isSafeInteger(length) || !Number.isSafeInteger(at)) return null;
  const [n, start] = [length as number, at as number];
  if (n < 0 || start < cursor.next || start % 8 !== 0) return null;
  if (pack === undefined) {
    const byteLength = n * TYPED[name].BYTES_PER_ELEMENT;
    if (start + byteLength > payload.byteLength) return null;
    cursor.next = start + byteLength;
    // A copy of its own: the frame's buffer is not kept alive by one small array.
    const own = payload.slice(start, start + byteLength);
    return new TYPED[name](own.buffer, own.byteOffset, n);
  }
  if (name !== 'Float64Array' && name !== 'Float32Array') return null;
  const p = pack as Partial<Record<'decimals' | 'base' | 'width', unknown>> | null;
  if (typeof p !== 'object' || p === null) return null;
  const { decimals, base, width } = p;
  if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > MAX_DECIMALS)
    return null;
  if (!Number.isSafeInteger(base) || (width !== 1 && width !== 2 && width !== 4)) return null;
  if (start + n * width > payload.byteLength) return null;
  cursor.next = start + n * width;
  const steps = stepArray(width, payload.buffer as ArrayBuffer, payload.byteOffset + start, n);
  return unpackFloats(name as FloatKind, { decimals: decimals as number, base: base as number, steps });
}
