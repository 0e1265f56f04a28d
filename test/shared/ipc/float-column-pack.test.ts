import { describe, expect, it } from 'vitest';
import { packFloats, unpackFloats, type FloatKind } from '../../../src/shared/ipc/float-column-pack';

/** Per element by Object.is: NaN is NaN, -0 is not 0. */
function expectSameValues(got: ArrayLike<number>, sent: ArrayLike<number>): void {
  expect(got.length).toBe(sent.length);
  for (let i = 0; i < sent.length; i++) expect(Object.is(got[i], sent[i]), `value ${i}`).toBe(true);
}

function roundTrip(kind: FloatKind, values: Float64Array | Float32Array) {
  const packed = packFloats(kind, values);
  if (packed) expectSameValues(unpackFloats(kind, packed), values);
  return packed;
}

describe('float columns packed as decimal steps', () => {
  it('packs what the service sends at one or two bytes a value, and gives every value back', () => {
    const n = 8_640; // a day at 10 s
    const t = Float64Array.from({ length: n }, (_, i) => 1_763_000_000_000 + i * 10_000);
    // Coordinates at 1e-6° (location-json.ts), a vehicle moving up to ~30 m/s.
    const lat = Float64Array.from(
      { length: n },
      (_, i) => Math.round((52.52 + Math.sin(i / 300) * 0.2) * 1e6) / 1e6,
    );
    const speed = Float32Array.from({ length: n }, (_, i) =>
      i % 97 === 0 ? Number.NaN : Math.round(i % 1300) / 10,
    );

    expect(roundTrip('Float64Array', t)).toMatchObject({ decimals: 0, base: 1_763_000_000_000 });
    expect(roundTrip('Float64Array', t)?.steps).toBeInstanceOf(Int16Array);
    expect(roundTrip('Float64Array', lat)).toMatchObject({ decimals: 6 });
    expect(roundTrip('Float64Array', lat)?.steps.BYTES_PER_ELEMENT).toBeLessThanOrEqual(2);
    expect(roundTrip('Float32Array', speed)).toMatchObject({ decimals: 1 });
    expect(roundTrip('Float32Array', speed)?.steps.BYTES_PER_ELEMENT).toBe(2);
  });

  it('keeps NaN anywhere, a column of NaN only, and steps at the edge of each width', () => {
    const edges = new Float64Array([Number.NaN, 5, 5 + 127, 5, Number.NaN, 5 - 127, Number.NaN]);
    expect(roundTrip('Float64Array', edges)?.steps).toBeInstanceOf(Int8Array);
    // -128 is NaN's mark in a byte, so a step of -128 needs two bytes.
    expect(roundTrip('Float64Array', new Float64Array([0, -128]))?.steps).toBeInstanceOf(Int16Array);
    expect(roundTrip('Float64Array', new Float64Array([0, 2 ** 31 - 1]))?.steps).toBeInstanceOf(Int32Array);
    expect(roundTrip('Float64Array', new Float64Array([Number.NaN, Number.NaN]))).toMatchObject({ base: 0 });
    expect(roundTrip('Float64Array', new Float64Array(0))).not.toBeNull();
  });

  it('does not pack what would not come back the same', () => {
    for (const values of [
      new Float64Array([0, 2 ** 31]), // a step wider than int32
      new Float64Array([0.123456789]), // more decimals than it packs
      new Float64Array([1, Number.POSITIVE_INFINITY]),
      new Float64Array([1, -0]),
      // -0 equals 0 to ===: a parked tracker's repeats are steps of 0, but a -0 after a 0 is not one.
      new Float64Array([0, 0, -0]),
      new Float64Array([1e300]),
      new Float64Array([0.1 + 0.2]), // 0.30000000000000004 is not a short decimal
    ])
      expect(roundTrip('Float64Array', values), String(values)).toBeNull();
    for (const values of [new Float32Array([1e-9]), new Float32Array([3.4e38])])
      expect(roundTrip('Float32Array', values), String(values)).toBeNull();
  });

  it('gives back runs of a repeated value, as a parked tracker sends, NaN inside the run included', () => {
    const parked = Float64Array.from([
      52.123456,
      52.123456,
      Number.NaN,
      52.123456,
      52.123457,
      52.123457,
      0,
      0,
    ]);
    expect(roundTrip('Float64Array', parked)).toMatchObject({ decimals: 6 });
    expect(Array.from(packFloats('Float64Array', parked)!.steps)).toEqual([
      0,
      0,
      -(2 ** 31),
      0,
      1,
      0,
      -52_123_457,
      0,
    ]);
  });

  it('gives back float32 values, which are not the decimals they stand for, bit for bit', () => {
    const alt = Float32Array.from([12.3, -401.7, 8848.9, 0.1, Number.NaN]);
    expect(roundTrip('Float32Array', alt)).toMatchObject({ decimals: 1 });
  });
});
