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
 */
export function thinForPrint(
  rows: readonly ReportRow[],
  timeKey: string,
  changes: readonly ChangeColumn[],
): PrintView | undefined {
  if (rows.length <= PRINT_ALL_LIMIT) return undefined;
  const times = rows.map((r) => Number(r[timeKey]));
  // changedBy[i] = index of the most important change column that changed at row i, or changes.length.
  const changedBy = new Uint8Array(rows.length).fill(changes.length);
  for (let i = 1; i < rows.length; i++) {
    for (let c = 0; c < changes.length; c++) {
      const key = changes[c]!.key;
      if (rows[i]![key] !== rows[i - 1]![key]) {
        changedBy[i] = c;
        break;
      }
    }
  }
  const count = (stepMs: number, keep: number): number => {
    let n = 0;
    for (let i = 0; i < rows.length; i++) if (isKept(i, stepMs, keep)) n++;
    return n;
  };
  const isKept = (i: number, stepMs: number, keep: number): boolean =>
    i === 0 ||
    i === rows.length - 1 ||
    changedBy[i]! < keep ||
    Math.floor(times[i]! / stepMs) !== Math.floor(times[i - 1]! / stepMs);

  const view = (stepMin: number, keep: number): PrintView => {
    const printRows: number[] = [];
    for (let i = 0; i < rows.length; i++) if (isKept(i, stepMin * 60_000, keep)) printRows.push(i);
    return { printRows, printNote: describe(stepMin, changes.slice(0, keep), printRows.length, rows.length) };
  };
  for (let keep = changes.length; keep >= 0; keep--) {
    for (const stepMin of STEPS_MIN) {
      if (count(stepMin * 60_000, keep) <= PRINT_ROW_BUDGET) return view(stepMin, keep);
    }
  }
  return view(STEPS_MIN[STEPS_MIN.length - 1]!, 0);
}

function describe(stepMin: number, kept: readonly ChangeColumn[], printed: number, total: number): string {
  const step =
    stepMin >= 60
      ? `${stepMin / 60} hour${stepMin === 60 ? '' : 's'}`
      : `${stepMin} minute${stepMin === 1 ? '' : 's'}`;
  const changes = kept.length > 0 ? ` plus every change of ${kept.map((c) => c.label).join(' or ')}` : '';
  const n = (v: number): string => v.toLocaleString('en-US');
  return `Printed view: one row per ${step}${changes} (${n(printed)} of ${n(total)} rows). The Excel and JSON formats carry every row.`;
}
