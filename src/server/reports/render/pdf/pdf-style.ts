import type { FontStyle } from './fonts/font-files';

/** The PDF's look in one place: A4, half-inch margins, Noto Sans and its fallbacks (pdf/fonts). */
export const PDF_STYLE = {
  margin: 36,
  footerGap: 20,
  font: 'regular',
  bold: 'bold',
  italic: 'italic',
  text: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  headerFill: '#1f2937',
  headerText: '#ffffff',
  zebra: '#f3f4f6',
  summaryFill: '#f8fafc',
  tableFontSize: 7.5,
  rowHeight: 12,
  headerHeight: 16,
  cellPadding: 4,
  chartHeight: 190,
} as const satisfies Record<'font' | 'bold' | 'italic', FontStyle> & Record<string, string | number>;
