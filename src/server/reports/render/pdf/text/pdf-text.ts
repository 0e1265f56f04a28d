import type PDFDocument from 'pdfkit';
import type { Font } from 'fontkit';
import type { FontFace } from '../fonts/font-fallback';
import type { FontStyle } from '../fonts/font-files';
import { isPlainText, withPlainTextLayout } from '../fonts/plain-text-layout';
import { wrapLines } from './line-breaking';
import { visualRuns } from './visual-runs';

type PdfDoc = InstanceType<typeof PDFDocument>;

/** A run with its width in em (at size 1). */
interface MeasuredRun {
  readonly face: FontFace;
  readonly text: string;
  readonly width: number;
}

interface ShapedLine {
  readonly runs: readonly MeasuredRun[];
  readonly width: number;
}

/**
 * pdfkit reads textWidth and wordCount when given (its _fragment) and then
 * skips measuring the text again; @types/pdfkit does not list them.
 */
type PlacedTextOptions = PDFKit.Mixins.TextOptions & { textWidth: number; wordCount: number };

/** Where the baseline sits below the top of a line of text, in em: as Helvetica's did. */
const BASELINE = 0.76;
/** Distance between the tops of two wrapped lines, in em. */
export const LINE_HEIGHT = 1.25;

/**
 * Text in a PDF in any script the service accepts: each run of a line in
 * the embedded font that has its characters (font-fallback.ts), right-to-left
 * text in display order (visual-runs.ts). One per document: it registers
 * the faces the document uses, and keeps what it measured.
 */
export class PdfText {
  private readonly opened = new Set<string>();
  private readonly shaped = new Map<string, ShapedLine>();

  constructor(private readonly doc: PdfDoc) {}

  width(text: string, style: FontStyle, size: number): number {
    return this.shape(text, style).width * size;
  }

  /**
   * One line, never wrapped; `y` is the top of the line; with `rightIn`,
   * the line ends that far right of x. A null colour keeps the document's
   * fill colour (a table sets it once a row, not once a cell).
   */
  draw(
    text: string,
    x: number,
    y: number,
    style: FontStyle,
    size: number,
    colour: string | null,
    rightIn: number | null = null,
  ): void {
    const line = this.shape(text, style);
    let at = rightIn === null ? x : x + rightIn - line.width * size;
    const baseline = y + BASELINE * size;
    if (colour !== null) this.doc.fillColor(colour);
    for (const run of line.runs) {
      this.open(run.face);
      const options: PlacedTextOptions = {
        lineBreak: false,
        baseline: 'alphabetic',
        textWidth: run.width * size,
        wordCount: 1,
      };
      this.doc.font(run.face.key).fontSize(size).text(run.text, at, baseline, options);
      at += run.width * size;
    }
  }

  /** The text, shortened with an ellipsis until it fits `width`. */
  fit(text: string, style: FontStyle, size: number, width: number): string {
    if (this.width(text, style, size) <= width + 1e-6) return text;
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('').trimEnd()}…`, style, size) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('').trimEnd()}…`;
  }

  /** Lines of at most `width` (line-breaking.ts). */
  wrap(text: string, style: FontStyle, size: number, width: number): string[] {
    return wrapLines(text, width, (s) => this.width(s, style, size));
  }

  private shape(text: string, style: FontStyle): ShapedLine {
    const key = `${style}\u0000${text}`;
    let line = this.shaped.get(key);
    if (!line) {
      const runs = visualRuns(text, style).map((run) => ({ ...run, width: this.measure(run) }));
      line = { runs, width: runs.reduce((w, r) => w + r.width, 0) };
      this.shaped.set(key, line);
    }
    return line;
  }

  /** Plain text is its glyphs' advances (plain-text-layout.ts); other text is measured by pdfkit's own layout. */
  private measure(run: { readonly face: FontFace; readonly text: string }): number {
    if (isPlainText(run.text)) {
      let em = 0;
      for (const ch of run.text) em += run.face.advance(ch.codePointAt(0)!);
      return em;
    }
    this.open(run.face);
    return this.doc.font(run.face.key).fontSize(1).widthOfString(run.text);
  }

  /** Registers a face with the document the first time it is used, with the plain-text layout. */
  private open(face: FontFace): void {
    if (this.opened.has(face.key)) return;
    this.doc.registerFont(face.key, face.bytes);
    this.doc.font(face.key);
    const font = fontkitFontOf(this.doc);
    if (font) withPlainTextLayout(font);
    this.opened.add(face.key);
  }
}

/**
 * The fontkit font behind the document's current font. pdfkit keeps it as
 * `_font.font`; if a later pdfkit moves it, text is still right, only
 * laid out by the slower shaper.
 */
function fontkitFontOf(doc: PdfDoc): Font | null {
  const embedded: unknown = Reflect.get(doc, '_font');
  if (typeof embedded !== 'object' || embedded === null) return null;
  const font: unknown = Reflect.get(embedded, 'font');
  return typeof font === 'object' && font !== null && 'layout' in font && 'glyphForCodePoint' in font
    ? (font as Font)
    : null;
}
