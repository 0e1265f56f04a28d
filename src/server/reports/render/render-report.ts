import type { ReportFormat } from '../../../shared/interface';
import type { RenderReport, ReportDocument } from '../report-document';
import { jsonReportText } from './json-text';
import { renderPdf } from './pdf/pdf-report';
import { renderExcel } from './excel/excel-report';
import { renderHtml } from './html/html-report';

/**
 * spec 2.6: one document, four formats, as the file's bytes in order. The
 * long formats (json, excel) come in megabyte chunks that a writer can
 * write as they are, rather than joined into one buffer first.
 */
export async function renderReportChunks(doc: ReportDocument, format: ReportFormat): Promise<Uint8Array[]> {
  switch (format) {
    case 'json':
      return jsonReportText(doc);
    case 'pdf':
      return [await renderPdf(doc)];
    case 'excel':
      return renderExcel(doc);
    case 'html':
      return [renderHtml(doc)];
  }
}

/** The file in one buffer. */
export const renderReport: RenderReport = async (doc, format) => {
  const chunks = await renderReportChunks(doc, format);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
};
