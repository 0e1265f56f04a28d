import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  rowAfter,
  selectAll,
  selectRow,
} from '../../../src/renderer/src/features/assets/list-selection';

// Asset 2 is in two groups: it has two rows.
const rows = [
  { key: 'g1:1', id: 1 },
  { key: 'g1:2', id: 2 },
  { key: 'g4:2', id: 2 },
  { key: 'g4:3', id: 3 },
  { key: 'ungrouped:5', id: 5 },
];
const plain = { range: false, toggle: false };
const ids = (s: { ids: ReadonlySet<number> }): number[] => [...s.ids].sort((a, b) => a - b);

describe('selecting rows of the asset list', () => {
  it('selects one row on a click, adds or takes away with Ctrl, runs from the anchor with Shift', () => {
    const one = selectRow(EMPTY_SELECTION, rows, rows[1]!, plain);
    expect(one).toEqual({ ids: new Set([2]), anchor: 'g1:2' });
    const run = selectRow(one, rows, rows[4]!, { range: true, toggle: false });
    expect(ids(run)).toEqual([2, 3, 5]);
    expect(run.anchor).toBe('g1:2');
    const less = selectRow(run, rows, rows[3]!, { range: false, toggle: true });
    expect(ids(less)).toEqual([2, 5]);
    expect(less.anchor).toBe('g4:3');
    // Ctrl+Shift adds the run to what is selected.
    expect(
      ids(selectRow({ ids: new Set([5]), anchor: 'g1:1' }, rows, rows[1]!, { range: true, toggle: true })),
    ).toEqual([1, 2, 5]);
    // Without an anchor Shift selects the one row.
    expect(ids(selectRow(EMPTY_SELECTION, rows, rows[3]!, { range: true, toggle: false }))).toEqual([3]);
  });

  it('selects every row shown, and moves the cursor within the list', () => {
    expect(ids(selectAll(rows))).toEqual([1, 2, 3, 5]);
    expect(rowAfter(rows, null, 1)).toBe(rows[0]);
    expect(rowAfter(rows, null, -1)).toBe(rows[4]);
    expect(rowAfter(rows, 'g4:2', 1)).toBe(rows[3]);
    expect(rowAfter(rows, 'ungrouped:5', 1)).toBe(rows[4]);
    expect(rowAfter(rows, 'g1:1', -1)).toBe(rows[0]);
    expect(rowAfter([], null, 1)).toBeNull();
  });
});
