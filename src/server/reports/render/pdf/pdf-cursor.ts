import type PDFDocument from 'pdfkit';
import type { FontStyle } from './fonts/font-files';
import { PDF_STYLE } from './pdf-style';
import { LINE_HEIGHT, PdfText } from './text/pdf-text';

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** Where the next block goes; starts a new page (same size and layout) when a block does not fit. */
export class PdfCursor {
  y: number;
  readonly left: number;
  readonly width: number;
  constructor(
    readonly doc: PdfDoc,
    private readonly pageOptions: PDFKit.PDFDocumentOptions,
    readonly text: PdfText = new PdfText(doc),
  ) {
    doc.addPage(pageOptions);
    this.y = doc.page.margins.top;
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` more points fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage(this.pageOptions);
    this.y = this.doc.page.margins.top;
  }

  /** Single-line text that never wraps nor starts a page; shortened with an ellipsis to `maxWidth`. */
  line(
    text: string,
    x: number,
    y: number,
    style: FontStyle,
    size: number,
    colour: string = PDF_STYLE.text,
    maxWidth: number = this.left + this.width - x,
  ): void {
    this.text.draw(this.text.fit(text, style, size, maxWidth), x, y, style, size, colour);
  }

  /** Wrapped text within the content width, each line moving to a new page when it would not fit. */
  paragraph(text: string, style: FontStyle, size: number, colour: string = PDF_STYLE.text): void {
    const lineHeight = LINE_HEIGHT * size;
    for (const line of this.text.wrap(text, style, size, this.width)) {
      this.ensure(lineHeight);
      this.text.draw(line, this.left, this.y, style, size, colour);
      this.y += lineHeight;
    }
  }
}
