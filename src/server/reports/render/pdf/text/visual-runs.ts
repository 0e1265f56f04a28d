import bidiFactory from 'bidi-js';
import { faceFor, type FontFace } from '../fonts/font-fallback';
import type { FontStyle } from '../fonts/font-files';

/** Text in one face, as pdfkit is to be given it; runs of a line are drawn left to right. */
export interface VisualRun {
  readonly face: FontFace;
  readonly text: string;
}

const bidi = bidiFactory();

/** Characters of right-to-left scripts or that start right-to-left text: only then is bidi needed. */
const RTL_TEXT =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202B\u202E\u2067\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** Scripts fontkit lays out right to left (it reverses their glyphs) and we have fonts for. */
const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;
/** Explicit bidi controls: they steer the algorithm and print nothing. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const SPACE = /^\p{Zs}$/u;

/** What a line of PDF text can hold: NFC, line breaks and tabs as spaces, other control characters dropped. */
export function printable(text: string): string {
  if (/^[\x20-\x7E]*$/.test(text)) return text;
  return text
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(/\p{Cc}/gu, '');
}

/**
 * One line of text as runs in visual order, each in the first face (font
 * fallback) that has its characters. Text with right-to-left characters goes
 * through the Unicode Bidirectional Algorithm (UAX #9, bidi-js): runs come
 * out in display order, mirrored brackets swapped. A run of Hebrew or Arabic
 * is handed over in logical order, because fontkit shapes it (Arabic
 * joining) and reverses it itself; it never holds a space, because pdfkit
 * lays text out word by word and would keep the words in logical order.
 * Characters no bundled font has print as U+FFFD.
 */
export function visualRuns(line: string, style: FontStyle): VisualRun[] {
  const text = printable(line);
  const single = singleFaceRun(text, style);
  if (single) return [single];
  if (!RTL_TEXT.test(text))
    return groupRuns(
      [...text].map((ch) => ({ ch, level: 0 })),
      style,
    );
  // The paragraph's direction comes from its first strong character (UAX #9 P2, P3), as dir="auto" in HTML.
  const levels = bidi.getEmbeddingLevels(text, 'auto');
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = bidi.getReorderedIndices(text, levels);
  const chars: VisualChar[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const level = levels.levels[i]!;
    // bidi-js orders UTF-16 units: keep a surrogate pair together, high half first.
    const pairWith = isHigh(text, i) ? i + 1 : isLow(text, i) ? i - 1 : -1;
    if (pairWith >= 0 && order[k + 1] === pairWith) {
      chars.push({ ch: text.slice(Math.min(i, pairWith), Math.max(i, pairWith) + 1), level });
      k++;
      continue;
    }
    const ch = mirrored.get(i) ?? text[i]!;
    if (!BIDI_CONTROL.test(ch)) chars.push({ ch, level });
  }
  return groupRuns(chars, style);
}

/**
 * Most cells are ASCII in the Latin face (times, numbers, names): one run,
 * found without building the per-character list a 2,500-row table would
 * otherwise allocate for every cell.
 */
function singleFaceRun(text: string, style: FontStyle): VisualRun | null {
  if (!/^[\x20-\x7E]+$/.test(text)) return null;
  const face = faceFor(style, text.charCodeAt(0));
  if (!face) return null;
  for (let i = 1; i < text.length; i++) if (faceFor(style, text.charCodeAt(i)) !== face) return null;
  return { face, text };
}

interface VisualChar {
  readonly ch: string;
  readonly level: number;
}

const isHigh = (s: string, i: number): boolean => /[\uD800-\uDBFF]/.test(s[i] ?? '');
const isLow = (s: string, i: number): boolean => /[\uDC00-\uDFFF]/.test(s[i] ?? '');

function groupRuns(chars: readonly VisualChar[], style: FontStyle): VisualRun[] {
  const runs: { face: FontFace; level: number; chars: string[] }[] = [];
  let current: (typeof runs)[number] | undefined;
  for (const { ch: raw, level } of chars) {
    let ch = raw;
    const cp = ch.codePointAt(0)!;
    let face = faceFor(style, cp);
    // Stay in the run's face when it has the character too (a space after CJK): fewer, longer runs.
    if (current && face !== current.face && current.level === level && current.face.has(cp))
      face = current.face;
    if (!face) {
      if (/\p{Cf}/u.test(ch)) continue;
      ch = '\uFFFD';
      face = faceFor(style, 0xfffd);
      if (!face) continue;
    }
    const rtl = level % 2 === 1;
    const breaksHere =
      !current ||
      current.face !== face ||
      current.level !== level ||
      (rtl && (SPACE.test(ch) || SPACE.test(current.chars.at(-1) ?? '')));
    if (breaksHere) runs.push((current = { face, level, chars: [] }));
    current!.chars.push(ch);
  }
  return runs.map(({ face, level, chars: cs }) => {
    const text = cs.join('');
    // Visual order within a right-to-left run is the reverse of logical; fontkit reverses Hebrew and Arabic back.
    return { face, text: level % 2 === 1 && RTL_SCRIPT.test(text) ? cs.reverse().join('') : text };
  });
}
