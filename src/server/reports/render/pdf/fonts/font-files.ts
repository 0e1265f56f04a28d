import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** The three looks the PDF prints text in. */
export type FontStyle = 'regular' | 'bold' | 'italic';

/**
 * The families a character is looked for in, in this order; the first that
 * has a glyph prints it. They come from npm packages (Fontsource's Noto
 * builds), not from the system: the packaged desktop app runs where no
 * Debian font is installed. Han and kana come from Noto Sans SC (Han in its
 * Simplified Chinese forms), Hangul from Noto Sans KR.
 */
const FAMILIES = [
  { name: 'noto-sans', italic: true },
  { name: 'noto-sans-hebrew', italic: false },
  { name: 'noto-sans-arabic', italic: false },
  { name: 'noto-sans-sc', italic: false },
  { name: 'noto-sans-kr', italic: false },
] as const;

/** One file of a family: Fontsource splits each family by Unicode range (CJK in about a hundred slices). */
export interface FontFile {
  /** Unique per file, e.g. "noto-sans-latin-700-normal": the font's name in a PDF document. */
  readonly key: string;
  readonly path: string;
  /** The code points the file's unicode-range names (inclusive pairs); its cmap may hold fewer. */
  readonly ranges: readonly (readonly [number, number])[];
}

/** Fontsource's unicode.json: subset name ("latin", "[12]" for CJK slices) → CSS unicode-range. */
const unicodeRangesSchema = z.record(z.string(), z.string());

const packages = createRequire(import.meta.url);
const byStyle = new Map<FontStyle, readonly FontFile[]>();

/**
 * Every file a character of this style may come from, families in fallback
 * order; within Noto Sans, Latin first (most text is).
 */
export function fontFiles(style: FontStyle): readonly FontFile[] {
  let files = byStyle.get(style);
  if (!files) {
    files = FAMILIES.flatMap((family) =>
      familyFiles(family.name, style === 'italic' && family.italic, style),
    );
    byStyle.set(style, files);
  }
  return files;
}

function familyFiles(name: string, italic: boolean, style: FontStyle): FontFile[] {
  // The package's main entry is its CSS, beside unicode.json and files/ (its exports map hides the rest).
  const dir = dirname(packages.resolve(`@fontsource/${name}`));
  const subsets = unicodeRangesSchema.parse(JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')));
  const weight = style === 'bold' ? 700 : 400;
  const rank = (subset: string): number => (subset === 'latin' ? 0 : subset === 'latin-ext' ? 1 : 2);
  return Object.entries(subsets)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([subset, ranges]): FontFile => {
      const key = `${name}-${subset.replace(/^\[(\d+)\]$/, '$1')}-${weight}-${italic ? 'italic' : 'normal'}`;
      return { key, path: join(dir, 'files', `${key}.woff2`), ranges: parseUnicodeRange(ranges) };
    });
}

/** CSS unicode-range: "U+0000-00FF,U+0131,U+0152-0153" (ranges of hex code points). */
export function parseUnicodeRange(text: string): [number, number][] {
  return text.split(',').flatMap((part) => {
    const m = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m) return [];
    const from = parseInt(m[1]!, 16);
    return [[from, m[2] === undefined ? from : parseInt(m[2], 16)]];
  });
}
