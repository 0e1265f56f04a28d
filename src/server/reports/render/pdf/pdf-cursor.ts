import type PDFDocument from 'pdfkit';
import { PDF_STYLE } from './pdf-style';

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** Where the next block goes; starts a new page (same size and layout) when a block does not fit. */
export class PdfCursor {
  y: number;
  readonly left: number;
  readonly width: number;

  constructor(
    readonly doc: PdfDoc,
    private readonly pageOptions: PDFKit.PDFDocumentOptions,
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

  /** Single-line text that never wraps nor starts a page on its own. */
  line(
    text: string,
    x: number,
    y: number,
    font: string,
    size: number,
    colour: string = PDF_STYLE.text,
  ): void {
    this.doc.font(font).fontSize(size).fillColor(colour).text(text, x, y, { lineBreak: false });
  }

  /** Wrapped text within the content width; a page break first if it would not fit. */
  paragraph(text: string, font: string, size: number, colour: string = PDF_STYLE.text): void {
    const doc = this.doc.font(font).fontSize(size);
    const height = doc.heightOfString(text, { width: this.width });
    this.ensure(height);
    doc.fillColor(colour).text(text, this.left, this.y, { width: this.width });
    this.y += height;
  }
}
