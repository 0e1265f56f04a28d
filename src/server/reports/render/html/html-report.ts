import type { ReportDocument, ReportSummaryItem, ReportTable } from '../../report-document';

/** Summary texts longer than this print as a paragraph below the cards. */
const LONG_SUMMARY_TEXT = 40;
import { cellText, dateTimeText, headerText, isNumericKind } from '../cell-text';
import { printedRowIndices } from '../printed-rows';
import { cellReader } from '../../column-values';
import { headingLines } from '../report-heading';
import { escapeHtml } from './html-escape';
import { HTML_STYLE } from './html-style';
import { svgChart } from './svg-chart';

/**
 * The html format: one self-contained, printable file. A CSP that allows
 * nothing but inline styles and data: images makes "no external request" a
 * property of the file, not a promise.
 */
export function renderHtml(report: ReportDocument): Uint8Array {
  const out: string[] = [];
  out.push(
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="Fleetdesk">',
    `<title>${escapeHtml(report.title)}</title><style>${HTML_STYLE}</style></head><body>`,
    // User text (titles, names) may be right-to-left: dir="auto" and <bdi> let the browser's bidi order it.
    `<header><h1 dir="auto">${escapeHtml(report.title)}</h1><dl class="meta">`,
  );
  for (const line of headingLines(report)) {
    out.push(`<dt>${escapeHtml(line.label)}</dt><dd dir="auto">${escapeHtml(line.value)}</dd>`);
  }
  out.push('</dl></header>');

  if (report.summary.length > 0) {
    // Long texts (the scoring formula) read as a paragraph, not squeezed into a card.
    const isLong = (item: ReportSummaryItem): boolean =>
      typeof item.value === 'string' && item.value.length > LONG_SUMMARY_TEXT;
    out.push('<section class="summary"><h2>Summary</h2><dl class="cards">');
    for (const item of report.summary.filter((i) => !isLong(i))) {
      const label = item.unit && item.kind !== 'duration_s' ? `${item.label} (${item.unit})` : item.label;
      const value = cellText(item.value, item.kind, item.decimals);
      const cls = typeof item.value === 'string' && item.value.length > 24 ? ' class="text"' : '';
      out.push(`<div><dt>${escapeHtml(label)}</dt><dd${cls}>${escapeHtml(value)}</dd></div>`);
    }
    out.push('</dl>');
    for (const item of report.summary.filter(isLong)) {
      out.push(
        `<p class="long"><strong>${escapeHtml(item.label)}:</strong> ${escapeHtml(String(item.value))}</p>`,
      );
    }
    out.push('</section>');
  }
  for (const chart of report.charts) {
    out.push(`<section><h2>${escapeHtml(chart.title)}</h2>${svgChart(chart)}</section>`);
  }
  for (const table of report.tables) out.push(htmlTable(table));
  out.push(
    `<footer>Fleetdesk — <bdi>${escapeHtml(report.title)}</bdi> — generated ${escapeHtml(dateTimeText(report.generatedAt))} UTC</footer>`,
    '</body></html>',
  );
  return Buffer.from(out.join(''), 'utf8');
}

function htmlTable(table: ReportTable): string {
  const out: string[] = [`<section><h2>${escapeHtml(table.title)}</h2>`];
  if (table.printNote) out.push(`<p class="note">${escapeHtml(table.printNote)}</p>`);
  const { rowCount, cell } = cellReader(table);
  if (rowCount === 0) {
    out.push('<p class="empty">No rows in this period.</p></section>');
    return out.join('');
  }
  const numeric = table.columns.map((c) => isNumericKind(c.kind));
  out.push('<table><thead><tr>');
  table.columns.forEach((c, i) =>
    out.push(`<th${numeric[i] ? ' class="num"' : ''}>${escapeHtml(headerText(c))}</th>`),
  );
  out.push('</tr></thead><tbody>');
  for (const index of printedRowIndices(table, rowCount)) {
    out.push('<tr>');
    table.columns.forEach((c, i) => {
      const text = escapeHtml(cellText(cell(index, i), c.kind, c.decimals));
      out.push(numeric[i] ? `<td class="num">${text}</td>` : `<td dir="auto">${text}</td>`);
    });
    out.push('</tr>');
  }
  out.push('</tbody></table></section>');
  return out.join('');
}
