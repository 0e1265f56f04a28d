/**
 * Selecting rows of the asset list the way a desktop list does (WAI-ARIA APG
 * "listbox", multi-select): a click selects one row, Ctrl/⌘-click adds or
 * takes away one, Shift-click selects the run from the anchor; the keyboard
 * does the same with the arrows, Shift+arrows, Space and Ctrl+A. Rows are
 * named by their key (an asset in two groups has a row in each); the
 * selection is of assets.
 */
export interface SelectableRow {
  readonly key: string;
  readonly id: number;
}

export interface ListSelection {
  readonly ids: ReadonlySet<number>;
  /** Where a Shift-selection runs from: the row last clicked (or moved to) without Shift. */
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: ListSelection = { ids: new Set(), anchor: null };

export interface Modifiers {
  /** Shift: the run from the anchor. */
  readonly range: boolean;
  /** Ctrl or ⌘: add or take away, keeping the rest. */
  readonly toggle: boolean;
}

function runBetween(rows: readonly SelectableRow[], from: string, to: string): number[] | null {
  const a = rows.findIndex((r) => r.key === from);
  const b = rows.findIndex((r) => r.key === to);
  if (a < 0 || b < 0) return null;
  return rows.slice(Math.min(a, b), Math.max(a, b) + 1).map((r) => r.id);
}

/** The selection after a click (or Space, or an arrow key) on `row`. */
export function selectRow(
  sel: ListSelection,
  rows: readonly SelectableRow[],
  row: SelectableRow,
  mods: Modifiers,
): ListSelection {
  if (mods.range && sel.anchor !== null) {
    const run = runBetween(rows, sel.anchor, row.key);
    if (run) {
      const ids = new Set(mods.toggle ? sel.ids : []);
      for (const id of run) ids.add(id);
      return { ids, anchor: sel.anchor };
    }
  }
  if (mods.toggle) {
    const ids = new Set(sel.ids);
    if (ids.has(row.id)) ids.delete(row.id);
    else ids.add(row.id);
    return { ids, anchor: row.key };
  }
  return { ids: new Set([row.id]), anchor: row.key };
}

/** Ctrl+A: every row shown. */
export function selectAll(rows: readonly SelectableRow[]): ListSelection {
  return { ids: new Set(rows.map((r) => r.id)), anchor: rows[0]?.key ?? null };
}

/** The row an arrow key moves to from `current` (the first or last when none is current). */
export function rowAfter(
  rows: readonly SelectableRow[],
  current: string | null,
  delta: number,
): SelectableRow | null {
  if (rows.length === 0) return null;
  const at = current === null ? -1 : rows.findIndex((r) => r.key === current);
  if (at < 0) return delta > 0 ? rows[0]! : rows[rows.length - 1]!;
  return rows[Math.min(rows.length - 1, Math.max(0, at + delta))]!;
}
