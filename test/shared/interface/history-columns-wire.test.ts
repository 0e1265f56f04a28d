import { describe, expect, it } from 'vitest';
import {
  acceptsHistoryColumns,
  allocateWire,
  decodeHistoryColumns,
  HISTORY_COLUMNS_MEDIA_TYPE,
  HistoryWireError,
} from '../../../src/shared/interface/history-columns-wire';

/** Two valid points; `edit` spoils them before they are read. */
function answer(edit: (c: ReturnType<typeof allocateWire>['columns']) => void = () => undefined): Uint8Array {
  const { bytes, columns } = allocateWire(2);
  columns.t.set([Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 2, 0, 0, 10)]);
  columns.lat.set([45.464211, -90]);
  columns.lon.set([9.190336, 180]);
  columns.alt.set([122.5, Number.NaN]);
  columns.ignition.set([1, 255]);
  columns.satellites.set([11, 255]);
  edit(columns);
  return bytes;
}

describe('history as columns on the wire', () => {
  it('reads back what was written, NaN for null included, from any offset', () => {
    const bytes = answer();
    const shifted = new Uint8Array(bytes.byteLength + 3);
    shifted.set(bytes, 3);
    const c = decodeHistoryColumns(shifted.subarray(3));
    expect(Array.from(c.lat)).toEqual([45.464211, -90]);
    expect(Array.from(c.alt)).toEqual([122.5, Number.NaN]);
    expect(Array.from(c.ignition)).toEqual([1, 255]);
  });

  it.each([
    ['shorter than its header', answer().subarray(0, 5), /shorter than its header/],
    ['another layout', Uint8Array.from([...answer()].map((b, i) => (i === 0 ? 0 : b))), /not in the FHC1/],
    ['cut short', answer().subarray(0, 50), /should be 100 bytes, it is 50/],
    ['a latitude past the pole', answer((c) => (c.lat[1] = 90.5)), /point 1: latitude 90.5/],
    ['a longitude that is not a number', answer((c) => (c.lon[0] = Number.NaN)), /point 0: longitude NaN/],
    ['a time that is not a number', answer((c) => (c.t[1] = Number.POSITIVE_INFINITY)), /point 1: the time/],
    ['an ignition of 7', answer((c) => (c.ignition[0] = 7)), /point 0: ignition 7/],
  ])('refuses an answer %s, saying why', (_what, bytes, message) => {
    expect(() => decodeHistoryColumns(bytes)).toThrow(HistoryWireError);
    expect(() => decodeHistoryColumns(bytes)).toThrow(message);
  });

  it('is given only to a client whose Accept names it with a q above 0', () => {
    expect(acceptsHistoryColumns(`${HISTORY_COLUMNS_MEDIA_TYPE}, application/json;q=0.9`)).toBe(true);
    expect(acceptsHistoryColumns(`application/json, ${HISTORY_COLUMNS_MEDIA_TYPE.toUpperCase()};q=0.5`)).toBe(
      true,
    );
    expect(acceptsHistoryColumns(`${HISTORY_COLUMNS_MEDIA_TYPE};q=0`)).toBe(false);
    expect(acceptsHistoryColumns('application/json')).toBe(false);
    expect(acceptsHistoryColumns('*/*')).toBe(false);
    expect(acceptsHistoryColumns(undefined)).toBe(false);
  });
});
