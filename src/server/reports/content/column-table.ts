import { cellOf } from '../column-values';
import type { ColumnValues, ReportCell, ReportRow, ReportTable } from '../report-document';

/**
 * A table built by column (report-document.ts ColumnValues). Its `rows` are
 * made from the columns when first read, and then kept: the renderers never
 * read them, a test or a small reader may.
 */
export function columnTable(
  table: Omit<ReportTable, 'rows' | 'columnValues'> & { readonly columnValues: readonly ColumnValues[] },
  rowCount: number,
): ReportTable {
  let rows: ReportRow[] | undefined;
  const keys = table.columns.map((c) => c.key);
  const columns = table.columnValues;
  return Object.defineProperty({ ...table }, 'rows', {
    enumerable: true,
    get: (): readonly ReportRow[] => {
      rows ??= Array.from({ length: rowCount }, (_, r) => {
        const row: Record<string, ReportCell> = {};
        keys.forEach((key, c) => (row[key] = cellOf(columns[c]!, r)));
        return row;
      });
      return rows;
    },
  }) as ReportTable;
}

/** A column's values of a length not known ahead, grown by doubling; `take` trims them. */
export class GrowingColumn<A extends Float64Array | Uint8Array> {
  private values: A;
  length = 0;

  constructor(
    private readonly create: (length: number) => A,
    expected: number,
  ) {
    this.values = create(Math.max(16, expected));
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.create(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  take(): A {
    return this.values.slice(0, this.length) as A;
  }
}

export const numberColumn = (expected: number): GrowingColumn<Float64Array> =>
  new GrowingColumn((n) => new Float64Array(n), expected);

/** Booleans as 0/1, or indices into a column's labels. */
export const indexColumn = (expected: number): GrowingColumn<Uint8Array> =>
  new GrowingColumn((n) => new Uint8Array(n), expected);
