import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTyped, stringifyTyped } from '../../../src/shared/ipc/typed-json';

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

function expectSame(got: unknown, sent: Record<string, ArrayBufferView>): void {
  const back = got as Record<string, ArrayBufferView>;
  for (const [key, view] of Object.entries(sent)) {
    expect(back[key]?.constructor).toBe(view.constructor);
    // Object.is per element: NaN is NaN and -0 stays -0.
    expect(Array.from(back[key] as unknown as ArrayLike<number>)).toEqual(
      Array.from(view as unknown as ArrayLike<number>),
    );
  }
}

describe("the browser shell's typed JSON", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('brings every typed array kind back as the same kind with the same values, NaN and -0 included', () => {
    const sent = everyKind();
    const frame = { type: 'reply', id: 7, reply: { ok: true, value: { points: sent, label: 'x', n: 3 } } };
    const back = parseTyped(stringifyTyped(frame)) as typeof frame;
    expectSame(back.reply.value.points, sent);
    expect(back).toMatchObject({ type: 'reply', id: 7, reply: { ok: true, value: { label: 'x', n: 3 } } });
  });

  it('sends a typed array as its bytes in base64, not as a list of numbers', () => {
    const text = stringifyTyped({ t: new Float64Array([1, 2]) });
    expect(JSON.parse(text)).toEqual({ t: { [TAG]: 'Float64Array', base64: 'AAAAAAAA8D8AAAAAAAAAQA==' } });
  });

  it('leaves a tagged value that is not a typed array as it came, for the parser after it to refuse', () => {
    const forged = [
      { [TAG]: 'Float64Array', base64: 'AAA' }, // 2 bytes: not a whole float
      { [TAG]: 'Float64Array', base64: 'not base64!' },
      { [TAG]: 'BigInt64Array', base64: 'AAAAAAAAAAA=' }, // not a kind the socket carries
      { [TAG]: 'Float64Array' },
      { [TAG]: 'Float64Array', data: [1, 2] },
      { [TAG]: 42, base64: '' },
    ];
    expect(parseTyped(JSON.stringify(forged))).toEqual(forged);
  });

  it('gives the same text and the same arrays where there is neither Buffer nor native base64 (btoa/atob)', async () => {
    const sent = everyKind();
    const expected = stringifyTyped(sent);
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    const plain = await import('../../../src/shared/ipc/typed-json');
    const text = plain.stringifyTyped(sent);
    expect(text).toBe(expected);
    expectSame(plain.parseTyped(text), sent);
    expect(plain.parseTyped(JSON.stringify({ [TAG]: 'Uint8Array', base64: 'A*==' }))).toEqual({
      [TAG]: 'Uint8Array',
      base64: 'A*==',
    });
  });
});
