import type { ReportDocument } from '../../report-document';
import { cellText } from '../cell-text';
import { chartAxisTitle } from '../chart-geometry';
import { headingLines } from '../report-heading';
import { loadFacesFor } from './fonts/font-fallback';
import type { FontStyle } from './fonts/font-files';
import type { PrintedTable } from './table-layout';
import { printable } from './text/visual-runs';

/** What the renderer writes itself (labels, page numbers, ticks, ellipsis, "—" for no value), in every style. */
const RENDERER_TEXT = `${String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i))}…—–\uFFFD`;
const STYLES: readonly FontStyle[] = ['regular', 'bold', 'italic'];

/**
 * Loads the faces for every character the report prints, before it is
 * drawn: font files are read (and unpacked) asynchronously, text is laid
 * out synchronously.
 */
export async function loadReportFonts(
  report: ReportDocument,
  tables: readonly PrintedTable[],
): Promise<void> {
  const codePoints = new Set<number>();
  const add = (text: string): void => {
    // ASCII is in RENDERER_TEXT already: most cells (times, numbers) need no look.
    if (/^[\x20-\x7E]*$/.test(text)) return;
    for (const ch of printable(text)) codePoints.add(ch.codePointAt(0)!);
  };
  for (const ch of RENDERER_TEXT) codePoints.add(ch.codePointAt(0)!);
  add(report.title);
  for (const line of headingLines(report)) add(line.value);
  for (const item of report.summary) {
    add(item.label);
    add(item.unit ?? '');
    add(cellText(item.value, item.kind, item.decimals));
  }
  for (const chart of report.charts) {
    add(chart.title);
    add(chartAxisTitle(chart));
    for (const category of chart.categories ?? []) add(category);
    for (const series of chart.series) add(series.name);
  }
  for (const t of tables) {
    add(t.table.title);
    add(t.table.printNote ?? '');
    for (const h of t.header) add(h);
    for (const row of t.cells) for (const cell of row) add(cell);
  }
  for (const style of STYLES) await loadFacesFor(style, codePoints);
}
