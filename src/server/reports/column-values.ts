import type { ColumnValues, ReportCell, ReportTable } from './report-document';

/** The cell at row `r` of a column, as a row object would hold it. */
export function cellOf(column: ColumnValues, r: number): ReportCell {
  switch (column.type) {
    case 'numbers':
      return column.values[r]!;
    case 'booleans':
      return column.values[r] === 1;
    case 'labels':
      return column.labels[column.values[r]!]!;
    case 'cells':
      return column.values[r] ?? null;
  }
}

/**
 * A table's cells by column, in `columns` order, and how many rows: the
 * columns content built, or, for a table of rows, each column's cells
 * collected once (one pass instead of a keyed lookup per cell and format).
 */
export function tableColumns(table: ReportTable): {
  readonly rowCount: number;
  readonly columns: readonly ColumnValues[];
} {
  if (table.columnValues) {
    const first = table.columnValues[0];
    return { rowCount: first ? first.values.length : table.rows.length, columns: table.columnValues };
  }
  const rows = table.rows;
  return {
    rowCount: rows.length,
    columns: table.columns.map((c) => ({ type: 'cells', values: rows.map((row) => row[c.key] ?? null) })),
  };
}

export type TableColumns = ReturnType<typeof tableColumns>;

/**
 * A reader of single cells (row r, column c) and the row count, for the
 * paged formats that print a few thousand rows of a table: from its columns
 * when content built them, else from its rows, with no copy of either.
 */
export function cellReader(table: ReportTable): {
  readonly rowCount: number;
  readonly cell: (r: number, c: number) => ReportCell;
} {
  const columns = table.columnValues;
  if (columns) return { rowCount: tableColumns(table).rowCount, cell: (r, c) => cellOf(columns[c]!, r) };
  const keys = table.columns.map((c) => c.key);
  return { rowCount: table.rows.length, cell: (r, c) => table.rows[r]![keys[c]!] ?? null };
}
