/**
 * JSON for the browser shell's socket that keeps what Electron's structured
 * clone keeps: typed arrays (HistoryColumns cross as Float64Array & co.) and
 * NaN inside them (unknown altitude/speed). Plain JSON turns a typed array
 * into an index-keyed object and NaN into null, which broke the History screen.
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

function encodeNumber(n: number): number | string {
  return Number.isFinite(n) ? n : String(n);
}

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const name = value.constructor.name;
    if (name in TYPED) {
      return { [TAG]: name, data: Array.from(value as unknown as ArrayLike<number>, encodeNumber) };
    }
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && TAG in value) {
    const tagged = value as { [TAG]: unknown; data: unknown };
    const name = tagged[TAG];
    if (typeof name === 'string' && name in TYPED && Array.isArray(tagged.data)) {
      const Ctor = TYPED[name as TypedName];
      return Ctor.from(tagged.data.map((v: unknown) => (typeof v === 'number' ? v : Number(v))));
    }
  }
  return value;
}

export const stringifyTyped = (value: unknown): string => JSON.stringify(value, replacer);
export const parseTyped = (text: string): unknown => JSON.parse(text, reviver) as unknown;
