import PDFDocument from 'pdfkit';
import type { ReportDocument, ReportSummaryItem } from '../../report-document';
import { cellText } from '../cell-text';
import { headingLines } from '../report-heading';
import { PdfCursor } from './pdf-cursor';
import { drawChart } from './pdf-chart';
import { PDF_STYLE } from './pdf-style';
import { drawTable } from './pdf-table';
import { loadReportFonts } from './report-fonts';
import { comfortableWidth, prepareTable, printedTable } from './table-layout';
import { PdfText } from './text/pdf-text';

const S = PDF_STYLE;
const A4_PORTRAIT_CONTENT = 595.28 - 2 * S.margin;

/**
 * The pdf format: title, asset(s), period, generated-at, a summary block,
 * charts, then the tables; "Page N of M" on every page (bufferPages lets us
 * number pages once the total is known).
 */
export async function renderPdf(report: ReportDocument): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    info: {
      Title: report.title,
      Author: 'Fleetdesk',
      Subject: `${report.type} report, ${report.periodFrom} to ${report.periodTo}`,
      Creator: 'Fleetdesk local fleet service',
      CreationDate: new Date(report.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  // Measured once for the whole document: the page orientation depends on the tables' widths.
  const printed = report.tables.map(printedTable);
  await loadReportFonts(report, printed);
  const text = new PdfText(doc);
  const tables = printed.map((t) => prepareTable(t, (s, style) => text.width(s, style, S.tableFontSize)));
  // A table that does not fit a portrait page even with wrapped headers turns the whole document landscape.
  const landscape = tables.some((t) => comfortableWidth(t) > A4_PORTRAIT_CONTENT);
  const cur = new PdfCursor(
    doc,
    {
      size: 'A4',
      layout: landscape ? 'landscape' : 'portrait',
      margins: { top: S.margin, left: S.margin, right: S.margin, bottom: S.margin + S.footerGap },
    },
    text,
  );

  drawHeading(cur, report);
  drawSummary(cur, report);
  for (const chart of report.charts) drawChart(cur, chart);
  for (const t of tables) drawTable(cur, t);
  drawFooters(cur, report);

  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

function drawHeading(cur: PdfCursor, report: ReportDocument): void {
  cur.paragraph(report.title, S.bold, 16);
  cur.y += 4;
  for (const line of headingLines(report)) {
    cur.line(`${line.label}:`, cur.left, cur.y, S.bold, 9, S.muted, 66);
    cur.line(line.value, cur.left + 70, cur.y, S.font, 9);
    cur.y += 13;
  }
  cur.y += 6;
}

/** Texts longer than this (a scoring formula) print as a paragraph below the grid, not in a box. */
const LONG_SUMMARY_TEXT = 40;

/** Label over value, in a grid of boxes: read at a glance. */
function drawSummary(cur: PdfCursor, report: ReportDocument): void {
  if (report.summary.length === 0) return;
  const { doc } = cur;
  const isLong = (item: ReportSummaryItem): boolean =>
    typeof item.value === 'string' && item.value.length > LONG_SUMMARY_TEXT;
  const boxes = report.summary.filter((item) => !isLong(item));
  const paragraphs = report.summary.filter(isLong);
  const perRow = cur.width > 600 ? 5 : 4;
  const boxW = cur.width / perRow;
  const boxH = 30;
  const rows = Math.ceil(boxes.length / perRow);
  cur.ensure(18 + boxH * Math.min(rows, 3));
  cur.line('Summary', cur.left, cur.y, S.bold, 11);
  cur.y += 16;
  for (let r = 0; r < rows; r++) {
    cur.ensure(boxH);
    doc.rect(cur.left, cur.y, cur.width, boxH - 2).fill(S.summaryFill);
    for (let c = 0; c < perRow; c++) {
      const item = boxes[r * perRow + c];
      if (!item) break;
      const x = cur.left + c * boxW + 6;
      const label = item.unit && item.kind !== 'duration_s' ? `${item.label} (${item.unit})` : item.label;
      cur.line(label, x, cur.y + 4, S.font, 7, S.muted, boxW - 12);
      cur.line(cellText(item.value, item.kind, item.decimals), x, cur.y + 14, S.bold, 10, S.text, boxW - 12);
    }
    cur.y += boxH;
  }
  for (const item of paragraphs) {
    cur.y += 4;
    cur.paragraph(`${item.label}: ${String(item.value)}`, S.font, 8, S.text);
  }
  cur.y += 12;
}

function drawFooters(cur: PdfCursor, report: ReportDocument): void {
  const { doc } = cur;
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = 0; i < total; i++) {
    doc.switchToPage(range.start + i);
    const page = doc.page;
    const y = page.height - S.margin - 8;
    const width = page.width - 2 * S.margin;
    doc.save();
    doc
      .moveTo(S.margin, y - 5)
      .lineTo(S.margin + width, y - 5)
      .lineWidth(0.4)
      .strokeColor(S.rule)
      .stroke();
    const pageText = `Page ${i + 1} of ${total}`;
    const pw = cur.text.width(pageText, S.font, 7.5);
    cur.line(`Fleetdesk — ${report.title}`, S.margin, y, S.font, 7.5, S.muted, width - pw - 20);
    cur.line(pageText, S.margin + width - pw, y, S.font, 7.5, S.muted, pw);
    doc.restore();
  }
}
