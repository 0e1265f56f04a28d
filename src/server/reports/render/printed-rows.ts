import type { ReportTable } from '../report-document';

/** The rows pdf and html print: the table's thinned view when content chose one, else all. */
export function printedRowIndices(table: ReportTable): readonly number[] {
  if (table.printRows) return table.printRows;
  return Array.from({ length: table.rows.length }, (_, i) => i);
}
