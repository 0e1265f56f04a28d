import { readFile } from 'node:fs/promises';
import { create, type Font } from 'fontkit';
import { decompress } from 'wawoff2';
import { fontFiles, type FontFile, type FontStyle } from './font-files';

/** A font file that prints some characters: its bytes go to pdfkit, which embeds the glyphs used. */
export interface FontFace {
  readonly key: string;
  /** TrueType (sfnt), unpacked from the package's WOFF2. */
  readonly bytes: Buffer;
  has(codePoint: number): boolean;
  /** Advance width of the code point's glyph in em (what pdfkit draws it at, size 1). */
  advance(codePoint: number): number;
}

/**
 * Faces are read when a report first needs them (loadFacesFor) and kept for
 * the life of the worker: a report in Latin text never reads the CJK slices,
 * and the next report does not read the Latin ones again.
 */
const loaded = new Map<string, Promise<FontFace>>();
const ready = new Map<string, FontFace>();
const chosen = new Map<FontStyle, Map<number, FontFace | null>>();

const choices = (style: FontStyle): Map<number, FontFace | null> => {
  let byCodePoint = chosen.get(style);
  if (!byCodePoint) chosen.set(style, (byCodePoint = new Map()));
  return byCodePoint;
};

/**
 * Loads, for each code point, the face that prints it in this style: the
 * first file, in fallback order, whose range names the code point and whose
 * font really has the glyph.
 */
export async function loadFacesFor(style: FontStyle, codePoints: Iterable<number>): Promise<void> {
  const byCodePoint = choices(style);
  for (const cp of codePoints) {
    if (byCodePoint.get(cp)) continue;
    let found: FontFace | null = null;
    for (const file of fontFiles(style)) {
      if (!inRanges(file, cp)) continue;
      const face = await load(file);
      if (face.has(cp)) {
        found = face;
        break;
      }
    }
    byCodePoint.set(cp, found);
  }
}

/**
 * The face that prints this code point in this style, among those loaded:
 * loadFacesFor has loaded the faces of every character of the report, and
 * the Latin ones cover the renderer's own words. Null when none has it.
 */
export function faceFor(style: FontStyle, codePoint: number): FontFace | null {
  const byCodePoint = choices(style);
  const known = byCodePoint.get(codePoint);
  if (known !== undefined) return known;
  for (const file of fontFiles(style)) {
    const face = ready.get(file.key);
    if (face && inRanges(file, codePoint) && face.has(codePoint)) {
      byCodePoint.set(codePoint, face);
      return face;
    }
  }
  return null;
}

const inRanges = (file: FontFile, codePoint: number): boolean =>
  file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

function load(file: FontFile): Promise<FontFace> {
  let face = loaded.get(file.key);
  if (!face) {
    face = unpack(file);
    loaded.set(file.key, face);
    // A file that fails to load is tried again by the next report.
    face.then((f) => ready.set(file.key, f)).catch(() => loaded.delete(file.key));
  }
  return face;
}

/**
 * WOFF2 unpacked to TrueType once: pdfkit and fontkit then read glyphs
 * straight from it (fontkit inflates a WOFF table at every glyph it reads,
 * and fails to subset some WOFF2 composite glyphs).
 */
async function unpack(file: FontFile): Promise<FontFace> {
  const bytes = Buffer.from(await decompress(await readFile(file.path)));
  const font = singleFont(create(bytes), file.path);
  const advances = new Map<number, number>();
  return {
    key: file.key,
    bytes,
    has: (cp) => font.hasGlyphForCodePoint(cp),
    advance: (cp) => {
      let em = advances.get(cp);
      if (em === undefined)
        advances.set(cp, (em = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm));
      return em;
    },
  };
}

function singleFont(font: ReturnType<typeof create>, path: string): Font {
  if ('hasGlyphForCodePoint' in font) return font;
  throw new Error(`${path} is a font collection, not one font`);
}

/** The font files this worker has read: the CJK slices load only when a report needs them. */
export const loadedFaceKeys = (): string[] => [...ready.keys()];
