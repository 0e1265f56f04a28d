import type { ReportFormat, ReportRequest, ReportType } from '../../shared/interface';
import type { Fleet } from '../sim/types';

/**
 * The seam between report generation (content/: the fourteen types computed
 * from the simulated fleet) and the queue (workers, files, HTTP). Content
 * builds one ReportDocument; render/ turns it into json, pdf, excel or html.
 * Everything here is plain data so it crosses a worker_threads boundary.
 */

/** How a cell is typed: Excel writes dates as dates and numbers as numbers (docs/architecture.md "Reports"). */
export type ColumnKind = 'text' | 'integer' | 'number' | 'datetime' | 'date' | 'duration_s' | 'boolean';

export interface ReportColumn {
  readonly key: string;
  readonly label: string;
  /** Shown in headers, e.g. "km/h"; omitted for unitless columns. */
  readonly unit?: string;
  readonly kind: ColumnKind;
  /** Fraction digits for kind number. */
  readonly decimals?: number;
}

/** datetime and date cells are epoch milliseconds (UTC); duration_s cells are seconds. */
export type ReportCell = string | number | boolean | null;
export type ReportRow = Readonly<Record<string, ReportCell>>;

export interface ReportSummaryItem {
  readonly label: string;
  readonly value: ReportCell;
  readonly unit?: string;
  readonly kind: ColumnKind;
  readonly decimals?: number;
}

export interface ReportChartSeries {
  readonly name: string;
  /** [x, y]; x is epoch ms when the chart's x axis is time, else a category index. */
  readonly points: readonly (readonly [number, number])[];
  /**
   * Line charts: indices (ascending) of the points that start a new line,
   * because the data has a gap before them (the engine was off, the tracker
   * offline). No line is drawn across a gap.
   */
  readonly breaksBefore?: readonly number[];
}

export interface ReportChart {
  readonly title: string;
  readonly kind: 'line' | 'bar';
  readonly xAxis: 'time' | 'category';
  /** Labels of the x categories when xAxis is category. */
  readonly categories?: readonly string[];
  readonly yLabel: string;
  readonly yUnit?: string;
  /** Already thinned for drawing (a few thousand points at most). */
  readonly series: readonly ReportChartSeries[];
}

/**
 * One column's cells held as an array of their own type rather than in row
 * objects: a 30-day trail is 259,200 rows, and an object per row cost more
 * to build and collect than the simulator's walk that fills them.
 */
export type ColumnValues =
  /** Number cells (times as epoch ms); a NaN is a number cell, as in a row. */
  | { readonly type: 'numbers'; readonly values: Float64Array }
  | { readonly type: 'booleans'; readonly values: Uint8Array }
  /** Text cells from a few labels: each cell is an index into `labels`. */
  | { readonly type: 'labels'; readonly values: Uint8Array; readonly labels: readonly string[] }
  /** Any cells. */
  | { readonly type: 'cells'; readonly values: readonly ReportCell[] };

/** A titled table; most reports have one, some (driver_score, obd_data) more. */
export interface ReportTable {
  readonly key: string;
  readonly title: string;
  readonly columns: readonly ReportColumn[];
  /**
   * Every row keyed by column. A table built by column (`columnValues`)
   * makes these on first use, for readers of a few rows; the renderers read
   * the columns (column-values.ts).
   */
  readonly rows: readonly ReportRow[];
  /** The same cells by column, in `columns` order, when content built the table so. */
  readonly columnValues?: readonly ColumnValues[];
  /**
   * For very long tables (a 30-day trail has 259,200 rows) the paged formats
   * (pdf, html) may print a thinned view; this says how, e.g. "one row per 5 minutes".
   * Excel and json always carry every row.
   */
  readonly printNote?: string;
  /**
   * Indices (ascending) of the rows the paged formats print when the table is
   * thinned; absent means every row. Content chooses them because it knows
   * which rows matter (e.g. every ignition change of a trail).
   */
  readonly printRows?: readonly number[];
}

export interface ReportDocument {
  readonly reportId: string;
  readonly type: ReportType;
  readonly title: string;
  /** YYYY-MM-DD, inclusive, as requested. */
  readonly periodFrom: string;
  readonly periodTo: string;
  /** Epoch ms. */
  readonly generatedAt: number;
  readonly assets: readonly { readonly id: number; readonly name: string }[];
  readonly summary: readonly ReportSummaryItem[];
  readonly tables: readonly ReportTable[];
  readonly charts: readonly ReportChart[];
}

/** The range holds no data for this request: the report fails with this message (spec 3). */
export class NoDataError extends Error {
  override readonly name = 'NoDataError';
}

/** A refill as an operator entered it (spec 4.3 fuel-entry), for the fuel report of its asset. */
export interface EnteredRefill {
  readonly t: number;
  readonly liters: number;
  readonly station: string | null;
}

export interface BuildContext {
  readonly fleet: Fleet;
  readonly request: ReportRequest;
  readonly reportId: string;
  /** The report's title, decided when it was accepted (report-title.ts). */
  readonly title: string;
  /** Epoch ms of "now": the generated-at line, and where the report's data ends. */
  readonly generatedAt: number;
  /** 0..1, called as generation advances, so status progress really moves. */
  readonly onProgress?: (fraction: number) => void;
  /** The fuel report's asset's entered refills in the period (the fuel-entry records). */
  readonly enteredRefills?: readonly EnteredRefill[];
}

export type BuildReport = (ctx: BuildContext) => ReportDocument;
export type RenderReport = (doc: ReportDocument, format: ReportFormat) => Promise<Uint8Array>;
