import type { ReportTable } from '../report-document';

/** The rows pdf and html print, of the table's `rowCount`: its thinned view when content chose one, else all. */
export function printedRowIndices(table: ReportTable, rowCount: number): readonly number[] {
  if (table.printRows) return table.printRows;
  return Array.from({ length: rowCount }, (_, i) => i);
}
