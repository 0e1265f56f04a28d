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

/** A column of numbers of a length not known ahead, grown by doubling; `done` trims it. */
export class NumberColumn {
  private values: Float64Array;
  length = 0;

  constructor(expected: number) {
    this.values = new Float64Array(Math.max(16, expected));
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  done(): Extract<ColumnValues, { type: 'numbers' }> {
    return { type: 'numbers', values: this.values.slice(0, this.length) };
  }
}

/** A column of small indices (booleans, labels), grown as NumberColumn is. */
export class IndexColumn {
  private values: Uint8Array;
  length = 0;

  constructor(expected: number) {
    this.values = new Uint8Array(Math.max(16, expected));
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint8Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  booleans(): Extract<ColumnValues, { type: 'booleans' }> {
    return { type: 'booleans', values: this.values.slice(0, this.length) };
  }

  labels(labels: readonly string[]): Extract<ColumnValues, { type: 'labels' }> {
    return { type: 'labels', values: this.values.slice(0, this.length), labels };
  }
}
