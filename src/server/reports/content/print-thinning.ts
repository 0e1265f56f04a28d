import type { ReportRow } from '../report-document';

/**
 * Very long tables (a 30-day trail of a 10 s tracker has 259,200 rows) print
 * as a thinned view in pdf and html, so the PDF stays a document someone
 * reads: one row per time step plus every row where a state column changes.
 * Excel and json always carry every row (report-document.ts).
 */
export const PRINT_ROW_BUDGET = 2500;
/** Tables up to this length print every row. */
export const PRINT_ALL_LIMIT = 600;

// Five minutes is the finest step: a one-day trail prints as a few hundred rows, not 8,640.
const STEPS_MIN = [5, 10, 15, 30, 60, 120, 240, 480, 1440];

export interface ChangeColumn {
  readonly key: string;
  /** Lower case, for the note: "ignition", "movement". */
  readonly label: string;
}

export interface PrintView {
  readonly printRows: number[];
  readonly printNote: string;
}

/**
 * The finest step whose printed rows fit the budget; when even the coarsest
 * step does not, the least important change columns (last first) stop adding rows.
 * Every candidate view is counted in one pass over the rows (a 30-day trail
 * would otherwise take 27 passes of 259,200 rows).
 */
export function thinForPrint(
  rows: readonly ReportRow[],
  timeKey: string,
  changes: readonly ChangeColumn[],
): PrintView | undefined {
  const n = rows.length;
  if (n <= PRINT_ALL_LIMIT) return undefined;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = Number(rows[i]![timeKey]);
  return thinTimesForPrint(
    times,
    changes.map((c) => ({ label: c.label, values: rows.map((row) => row[c.key]) })),
  );
}

/** A change column's values, one per row, compared with ===. */
export interface ChangeValues {
  readonly label: string;
  readonly values: ArrayLike<unknown>;
}

/** thinForPrint of a table held by column (column-table.ts): its times, and its change columns' values. */
export function thinTimesForPrint(
  times: Float64Array,
  changes: readonly ChangeValues[],
): PrintView | undefined {
  const n = times.length;
  if (n <= PRINT_ALL_LIMIT) return undefined;
  const changedBy = changeRanks(n, changes);
  // boundaries[i], bit s: row i starts a new step of STEPS_MIN[s] (a new bucket [lo, hi) of that step).
  const stepCount = STEPS_MIN.length;
  const stepsMs = Float64Array.from(STEPS_MIN, (m) => m * 60_000);
  const lo = new Float64Array(stepCount);
  const hi = new Float64Array(stepCount);
  for (let s = 0; s < stepCount; s++) {
    lo[s] = Math.floor(times[0]! / stepsMs[s]!) * stepsMs[s]!;
    hi[s] = lo[s]! + stepsMs[s]!;
  }
  const boundaries = new Uint16Array(n);
  for (let i = 1; i < n; i++) {
    const t = times[i]!;
    let bits = 0;
    for (let s = 0; s < stepCount; s++) {
      if (t >= lo[s]! && t < hi[s]!) continue;
      const start = Math.floor(t / stepsMs[s]!) * stepsMs[s]!;
      if (start !== lo[s]) bits |= 1 << s;
      lo[s] = start;
      hi[s] = start + stepsMs[s]!;
    }
    boundaries[i] = bits;
  }
  // unmarked[s * ranks + c]: inner rows that start no step of STEPS_MIN[s] and whose change rank is c.
  const ranks = changes.length + 1;
  const unmarked = new Float64Array(stepCount * ranks);
  for (let i = 1; i < n - 1; i++) {
    const bits = boundaries[i]!;
    const rank = changedBy[i]!;
    for (let s = 0; s < stepCount; s++) if ((bits & (1 << s)) === 0) unmarked[s * ranks + rank]!++;
  }
  // The first and last rows always print; an inner row prints when it starts a step or its change rank is kept.
  const count = (s: number, keep: number): number => {
    let dropped = 0;
    for (let c = keep; c < ranks; c++) dropped += unmarked[s * ranks + c]!;
    return n - dropped;
  };
  const view = (s: number, keep: number): PrintView => {
    const printRows: number[] = [];
    const bit = 1 << s;
    for (let i = 0; i < n; i++) {
      if (i === 0 || i === n - 1 || changedBy[i]! < keep || (boundaries[i]! & bit) !== 0) printRows.push(i);
    }
    return {
      printRows,
      printNote: describe(STEPS_MIN[s]!, changes.slice(0, keep), printRows.length, n),
    };
  };
  for (let keep = changes.length; keep >= 0; keep--) {
    for (let s = 0; s < STEPS_MIN.length; s++) if (count(s, keep) <= PRINT_ROW_BUDGET) return view(s, keep);
  }
  return view(STEPS_MIN.length - 1, 0);
}

/** Per row, the index of the most important change column that changed at it, or changes.length. */
function changeRanks(n: number, changes: readonly ChangeValues[]): Uint8Array {
  const changedBy = new Uint8Array(n).fill(changes.length);
  // Last column first, so a more important column's change overwrites a less important one's.
  for (let c = changes.length - 1; c >= 0; c--) {
    const values = changes[c]!.values;
    let previous = values[0];
    for (let i = 1; i < n; i++) {
      const value = values[i];
      if (value !== previous) changedBy[i] = c;
      previous = value;
    }
  }
  return changedBy;
}

function describe(stepMin: number, kept: readonly ChangeValues[], printed: number, total: number): string {
  const step =
    stepMin >= 60
      ? `${stepMin / 60} hour${stepMin === 60 ? '' : 's'}`
      : `${stepMin} minute${stepMin === 1 ? '' : 's'}`;
  const changes = kept.length > 0 ? ` plus every change of ${kept.map((c) => c.label).join(' or ')}` : '';
  const n = (v: number): string => v.toLocaleString('en-US');
  return `Printed view: one row per ${step}${changes} (${n(printed)} of ${n(total)} rows). The Excel and JSON formats carry every row.`;
}
