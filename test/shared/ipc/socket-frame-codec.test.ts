import { describe, expect, it } from 'vitest';
import {
  decodeSocketFrame,
  encodeSocketFrame,
  typedBytesNear,
} from '../../../src/shared/ipc/socket-frame-codec';

const TAG = '__fleetdeskTyped';

/** Every kind the socket carries, with the values plain JSON loses (NaN, ±Infinity, -0). */
function everyKind(): Record<string, ArrayBufferView> {
  const wide = new Float64Array([0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 1.7e12 + 0.123]);
  return {
    f64: wide,
    // A view into the middle of a larger buffer: only its own bytes cross.
    f64View: wide.subarray(2, 5),
    f32: new Float32Array([Number.NaN, -1.25, 3.4e38, Number.NEGATIVE_INFINITY]),
    i32: new Int32Array([-2147483648, 2147483647, 0]),
    u32: new Uint32Array([4294967295, 1]),
    i16: new Int16Array([-32768, 32767]),
    u16: new Uint16Array([65535, 7]),
    i8: new Int8Array([-128, 127]),
    u8: new Uint8Array([0, 1, 255]),
    u8View: new Uint8Array([9, 8, 7, 6, 5]).subarray(1, 4),
    clamped: new Uint8ClampedArray([0, 128, 255]),
    empty: new Float64Array(0),
  };
}

/** A day of a 10 s tracker as the history's columns carry it: short decimals, some NaN. */
function historyDay(): Record<string, ArrayBufferView> {
  const n = 8_640;
  const col = <T extends Float64Array | Float32Array>(
    C: new (n: number) => T,
    f: (i: number) => number,
  ): T => {
    const out = new C(n);
    for (let i = 0; i < n; i++) out[i] = f(i);
    return out;
  };
  return {
    t: col(Float64Array, (i) => 1_763_000_000_000 + i * 10_000),
    lat: col(Float64Array, (i) => Math.round((48.85 + i * 1e-5) * 1e6) / 1e6),
    lon: col(Float64Array, (i) => Math.round((2.35 - i * 7e-6) * 1e6) / 1e6),
    odometer: col(Float64Array, (i) => Math.round(120_345.6 * 10 + i * 2) / 10),
    alt: col(Float32Array, (i) => (i % 500 === 0 ? Number.NaN : Math.round(350 + Math.sin(i) * 40) / 10)),
    speed: col(Float32Array, (i) => Math.round((i % 900) * 1.3) / 10),
    // Not short decimals: crosses raw, bit for bit.
    heading: col(Float32Array, (i) => Math.PI * i),
    ignition: Uint8Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 255 : 1)),
  };
}

function expectSame(got: unknown, sent: Record<string, ArrayBufferView>): void {
  const back = got as Record<string, ArrayBufferView>;
  for (const [key, view] of Object.entries(sent)) {
    expect(back[key]?.constructor, key).toBe(view.constructor);
    const a = Array.from(back[key] as unknown as ArrayLike<number>);
    const b = Array.from(view as unknown as ArrayLike<number>);
    expect(a.length, key).toBe(b.length);
    // Object.is per element: NaN is NaN and -0 stays -0.
    expect(
      a.every((x, i) => Object.is(x, b[i])),
      key,
    ).toBe(true);
  }
}

/** What the page's WebSocket hands over for a binary message: an ArrayBuffer of its own. */
const asReceived = (data: string | Uint8Array): string | ArrayBuffer =>
  typeof data === 'string' ? data : data.slice().buffer;

describe("the browser shell's socket frames as messages", () => {
  it('sends a frame without typed arrays as plain JSON text', () => {
    const frame = { type: 'reply', id: 3, reply: { ok: true, value: { signedIn: true, n: [1, 2] } } };
    const data = encodeSocketFrame(frame);
    expect(data).toBe(JSON.stringify(frame));
    expect(decodeSocketFrame(data)).toEqual(frame);
  });

  it('brings every typed array kind back as the same kind with the same values, NaN and -0 included', () => {
    const sent = everyKind();
    const frame = { type: 'reply', id: 7, reply: { ok: true, value: { points: sent, label: 'x', n: 3 } } };
    const data = encodeSocketFrame(frame);
    expect(data).toBeInstanceOf(Uint8Array);
    const back = decodeSocketFrame(asReceived(data)) as typeof frame;
    expectSame(back.reply.value.points, sent);
    expect(back).toMatchObject({ type: 'reply', id: 7, reply: { ok: true, value: { label: 'x', n: 3 } } });
  });

  it("carries a history's columns in under half their own bytes, every value the same", () => {
    const sent = historyDay();
    const data = encodeSocketFrame({ type: 'reply', id: 1, reply: { ok: true, value: { points: sent } } });
    const raw = Object.values(sent).reduce((sum, c) => sum + c.byteLength, 0);
    expect(data.length).toBeLessThan(raw / 2);
    const back = decodeSocketFrame(asReceived(data)) as { reply: { value: { points: unknown } } };
    expectSame(back.reply.value.points, sent);
  });

  it("reads ws's Buffer in Node, wherever in its pool the bytes start", () => {
    for (const sent of [historyDay(), everyKind()]) {
      const data = encodeSocketFrame({ points: sent }) as Uint8Array;
      for (const at of [0, 3, 8]) {
        // A Buffer over a larger pool, as ws hands a message over: its slice() shares that pool.
        const pool = Buffer.alloc(data.length + 16, 0x46);
        pool.set(data, at);
        const message = pool.subarray(at, at + data.length);
        expectSame((decodeSocketFrame(message) as { points: unknown }).points, sent);
      }
    }
  });

  it('refuses bytes that are not a bridge frame, with an error the caller catches', () => {
    const good = encodeSocketFrame({ a: new Float64Array([1]) }) as Uint8Array;
    const bad = (edit: (b: Uint8Array) => Uint8Array): ArrayBuffer => edit(good.slice()).slice().buffer;
    for (const data of [
      new Uint8Array([1, 2, 3]).buffer,
      bad((b) => ((b[0] = 0), b)), // not the magic
      bad((b) => (new DataView(b.buffer).setUint32(4, 1e6, true), b)), // header past the end
      bad((b) => ((b[9] = 0xff), b)), // header not UTF-8
      bad((b) => b.subarray(0, 12)), // header cut short
      '{not json',
      42,
      null,
    ])
      expect(() => decodeSocketFrame(data)).toThrow();
  });

  it('leaves a descriptor that does not stand for a typed array as it came, for the frame parser to refuse', () => {
    const payload = new Float64Array([1, 2]);
    const base = encodeSocketFrame({ ok: payload }) as Uint8Array;
    const headerLength = new DataView(base.buffer).getUint32(4, true);
    const withHeader = (header: unknown): ArrayBuffer => {
      const text = new TextEncoder().encode(JSON.stringify(header));
      const out = new Uint8Array(8 + ((text.length + 7) & ~7) + 16);
      out.set(base.subarray(0, 4));
      new DataView(out.buffer).setUint32(4, text.length, true);
      out.set(text, 8);
      out.set(base.subarray((8 + headerLength + 7) & ~7), (8 + text.length + 7) & ~7);
      return out.buffer;
    };
    const forged = [
      { [TAG]: 'Float64Array', length: 3, at: 0 }, // more than the payload holds
      { [TAG]: 'Float64Array', length: 1, at: 4 }, // not 8-aligned
      { [TAG]: 'Float64Array', length: -1, at: 0 },
      { [TAG]: 'BigInt64Array', length: 1, at: 0 }, // not a kind the socket carries
      { [TAG]: 'constructor', length: 1, at: 0 },
      { [TAG]: 'Float64Array', at: 0 },
      { [TAG]: 'Uint8Array', length: 2, at: 0, pack: { decimals: 0, base: 0, width: 1 } }, // only floats pack
      { [TAG]: 'Float64Array', length: 2, at: 0, pack: { decimals: 9, base: 0, width: 1 } },
      { [TAG]: 'Float64Array', length: 2, at: 0, pack: { decimals: 0, base: 0, width: 3 } },
      { [TAG]: 'Float64Array', length: 20, at: 0, pack: { decimals: 0, base: 0, width: 1 } },
      { [TAG]: 'Float64Array', length: 2, at: 0, pack: null },
    ];
    for (const descriptor of forged)
      expect(decodeSocketFrame(withHeader({ x: descriptor })), JSON.stringify(descriptor)).toEqual({
        x: descriptor,
      });
    expect(decodeSocketFrame(withHeader({ x: { [TAG]: 'Float64Array', length: 2, at: 0 } }))).toEqual({
      x: payload,
    });

    // Arrays that claim bytes an earlier one already took: a small frame must not decode into many copies.
    const whole = { [TAG]: 'Float64Array', length: 2, at: 0 };
    const half = { [TAG]: 'Float64Array', length: 1, at: 8 };
    expect(decodeSocketFrame(withHeader({ a: whole, b: whole, c: half }))).toEqual({
      a: payload,
      b: whole,
      c: half,
    });
    expect(decodeSocketFrame(withHeader({ a: { ...whole, length: 1 }, b: half }))).toEqual({
      a: new Float64Array([1]),
      b: new Float64Array([2]),
    });
  });

  it("counts the typed arrays near a frame's top, cheaply, and only those the encoder carries as bytes", () => {
    const t = new Float64Array(1000);
    const speed = new Float32Array(1000);
    const reply = { type: 'reply', id: 1, reply: { ok: true, value: { assetId: 1, points: { t, speed } } } };
    expect(typedBytesNear(reply)).toBe(8000 + 4000);
    expect(encodeSocketFrame(reply)).toBeInstanceOf(Uint8Array);
    // Too deep, inside a long list, in a class instance or behind toJSON: not looked for (0 is a lower bound).
    expect(typedBytesNear({ a: { b: { c: { d: { e: { t } } } } } })).toBe(0);
    expect(typedBytesNear({ rows: [...Array.from({ length: 100 }, () => 1), t] })).toBe(0);
    class Holder {
      constructor(readonly t: Float64Array) {}
    }
    expect(typedBytesNear({ held: new Holder(t) })).toBe(0);
    expect(typedBytesNear({ t, toJSON: () => 'nothing' })).toBe(0);
    expect(encodeSocketFrame({ held: { t, toJSON: () => 'nothing' } })).toBe('{"held":"nothing"}');
    expect(typedBytesNear({ type: 'reply', id: 2, reply: { ok: true, value: [] } })).toBe(0);
    expect(typedBytesNear(null)).toBe(0);
  });
});
