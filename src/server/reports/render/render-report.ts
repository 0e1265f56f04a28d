import type { RenderReport } from '../report-document';
import { jsonReportText } from './json-text';
import { renderPdf } from './pdf/pdf-report';
import { renderExcel } from './excel/excel-report';
import { renderHtml } from './html/html-report';

/** spec 2.6: one document, four formats. */
export const renderReport: RenderReport = async (doc, format) => {
  switch (format) {
    case 'json':
      return Buffer.concat(jsonReportText(doc));
    case 'pdf':
      return renderPdf(doc);
    case 'excel':
      return renderExcel(doc);
    case 'html':
      return renderHtml(doc);
  }
};
