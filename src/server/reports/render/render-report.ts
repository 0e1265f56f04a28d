import type { RenderReport } from '../report-document';
import { toJsonContent } from './json';

/** spec 2.6: one document, four formats. */
export const renderReport: RenderReport = async (doc, format) => {
  switch (format) {
    case 'json':
      return Buffer.from(JSON.stringify(toJsonContent(doc)), 'utf8');
    case 'pdf':
    case 'excel':
    case 'html':
      throw new Error(`The ${format} format is not available yet`);
  }
};
