import { base64ToBytes, bytesToBase64 } from './base64-bytes';

/**
 * JSON for the browser shell's socket that keeps what Electron's structured
 * clone keeps: typed arrays (HistoryColumns cross as Float64Array & co.) and
 * NaN inside them (unknown altitude/speed). Plain JSON turns a typed array
 * into an index-keyed object and NaN into null, which broke the History screen.
 *
 * A typed array crosses as its bytes in base64, not as a list of numbers: a
 * month's history is 2.3 million numbers, which as decimal text and a reviver
 * call each took seconds on each side (bench:history --app), and as bytes
 * keeps every NaN and every bit of every float. The two ends share the
 * machine's byte order: the socket is loopback only (bridge-socket.ts).
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
const TAG = '__fleetdeskTyped';

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const name = value.constructor.name;
    if (name in TYPED) {
      const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      return { [TAG]: name, base64: bytesToBase64(bytes) };
    }
  }
  return value;
}

/** The typed array a tagged value stands for; null when its name, text or length is not one. */
function typedOf(name: unknown, base64: unknown): ArrayBufferView | null {
  if (typeof name !== 'string' || !(name in TYPED) || typeof base64 !== 'string') return null;
  const Ctor = TYPED[name as TypedName];
  const bytes = base64ToBytes(base64);
  if (!bytes || bytes.byteLength % Ctor.BYTES_PER_ELEMENT !== 0) return null;
  // A view must start on its element size; a decoder may hand back a slice of a shared pool.
  const own = bytes.byteOffset % Ctor.BYTES_PER_ELEMENT === 0 ? bytes : bytes.slice();
  return new Ctor(own.buffer, own.byteOffset, own.byteLength / Ctor.BYTES_PER_ELEMENT);
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && TAG in value) {
    const tagged = value as { [TAG]: unknown; base64?: unknown };
    return typedOf(tagged[TAG], tagged.base64) ?? value;
  }
  return value;
}

export const stringifyTyped = (value: unknown): string => JSON.stringify(value, replacer);
export const parseTyped = (text: string): unknown => JSON.parse(text, reviver) as unknown;
