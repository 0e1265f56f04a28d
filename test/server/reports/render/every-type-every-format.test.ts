import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { REPORT_FORMATS, REPORT_TYPES, jsonReportContentSchema } from '../../../../src/shared/interface';
import { toJsonContent } from '../../../../src/server/reports/render/json';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { readXlsx, sheetNames } from '../../../support/xlsx-file';
import { build, subjectFor } from '../content/report-fixture';
import { readPdf } from './rendered-files';

describe('every report type in every format', () => {
  for (const type of REPORT_TYPES) {
    it(`${type} renders as json, pdf, excel and html that other readers open`, async () => {
      const doc = build({ type, ...subjectFor(type), date_from: '2026-03-03', date_to: '2026-03-03' });
      expect(doc.summary.length).toBeGreaterThan(0);
      expect(doc.tables.length).toBeGreaterThan(0);
      for (const format of REPORT_FORMATS) {
        const bytes = await renderReport(doc, format);
        if (format === 'json') {
          const content = jsonReportContentSchema.parse(JSON.parse(Buffer.from(bytes).toString('utf8')));
          expect(content.rows).toHaveLength(doc.tables[0]!.rows.length);
          // The file is written as text row by row; it must say what the object form says.
          expect(content).toEqual(JSON.parse(JSON.stringify(toJsonContent(doc))));
        } else if (format === 'pdf') {
          const pdf = await readPdf(bytes);
          expect(pdf.title).toBe(doc.title);
          expect(pdf.text.at(-1)).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
        } else if (format === 'excel') {
          const names = sheetNames(await readXlsx(bytes));
          expect(names[0]).toBe('Summary');
          expect(names).toHaveLength(doc.tables.length + 1);
        } else {
          const root = parse(Buffer.from(bytes).toString('utf8'));
          expect(root.querySelector('h1')!.text).toBe(doc.title);
          expect(root.querySelectorAll('section').length).toBeGreaterThanOrEqual(doc.tables.length + 1);
        }
      }
    });
  }
});
