import type { BBOX, Font, Glyph, GlyphPosition, GlyphRun } from 'fontkit';

/**
 * Text fontkit lays out as well without its OpenType shaper: Latin, Greek,
 * Cyrillic, common punctuation and CJK with no combining marks. Hebrew and
 * Arabic (joining, right-to-left), marks and every other script keep the
 * full shaper.
 */
const PLAIN_SCRIPTS =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]*$/u;
const NEEDS_SHAPER = /[\p{M}\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

export const isPlainText = (text: string): boolean => PLAIN_SCRIPTS.test(text) && !NEEDS_SHAPER.test(text);

/**
 * pdfkit lays out every string it measures or draws with fontkit's shaper,
 * about 0.2 ms a string: a 2,500-row table of times and coordinates spent
 * seconds there. For plain text the layout is one glyph per code point at
 * its advance width, which is what the shaper produces for it but for
 * kerning pairs and ligatures, which this gives up (tables are mostly
 * digits). The font's own layout stays in charge of everything else.
 */
export function withPlainTextLayout(font: Font): void {
  const shape = font.layout.bind(font);
  const glyphs = new Map<number, Glyph>();
  const glyphOf = (codePoint: number): Glyph => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) glyphs.set(codePoint, (glyph = font.glyphForCodePoint(codePoint)));
    return glyph;
  };
  font.layout = (text, features, script, language, direction) =>
    features === undefined && script === undefined && direction === undefined && isPlainText(text)
      ? plainRun(text, glyphOf)
      : shape(text, features, script, language, direction);
}

/**
 * A GlyphRun as fontkit's layout returns it. pdfkit scales the positions in
 * place, so they are new objects every time and the widths are read from
 * them when asked.
 */
function plainRun(text: string, glyphOf: (codePoint: number) => Glyph): GlyphRun {
  const glyphs: Glyph[] = [];
  const positions: GlyphPosition[] = [];
  for (const ch of text) {
    const glyph = glyphOf(ch.codePointAt(0)!);
    glyphs.push(glyph);
    positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
  }
  return {
    glyphs,
    positions,
    script: 'Zyyy',
    language: '',
    direction: 'ltr',
    features: {},
    get advanceWidth() {
      return positions.reduce((w, p) => w + p.xAdvance, 0);
    },
    advanceHeight: 0,
    get bbox() {
      return runBox(glyphs, positions);
    },
  };
}

function runBox(glyphs: readonly Glyph[], positions: readonly GlyphPosition[]): BBOX {
  let x = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  glyphs.forEach((glyph, i) => {
    const box = glyph.bbox;
    minX = Math.min(minX, x + box.minX);
    maxX = Math.max(maxX, x + box.maxX);
    minY = Math.min(minY, box.minY);
    maxY = Math.max(maxY, box.maxY);
    x += positions[i]!.xAdvance;
  });
  if (glyphs.length === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}
