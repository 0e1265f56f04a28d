/**
 * Where a line may break: after a space, and between two characters of a
 * script written without spaces (CJK). A word wider than the line breaks
 * between its characters (grapheme clusters).
 */
const BREAK_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Pieces of text, each ending where a line may break (trailing spaces included). */
export function breakPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of text) {
    if (piece !== '' && (BREAK_ANYWHERE.test(ch) || (/\s$/.test(piece) && !/\s/.test(ch)))) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
    if (BREAK_ANYWHERE.test(ch)) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Greedy line filling: as many pieces per line as fit `width` by `measure`
 * (spaces at a line's end do not count); a piece wider than a whole line is
 * cut between grapheme clusters. Lines come back without trailing spaces.
 */
export function wrapLines(text: string, width: number, measure: (s: string) => number): string[] {
  // A hair of slack: a column sized to a word's measured width must hold that word.
  const fits = (s: string): boolean => measure(s.trimEnd()) <= width + 1e-6;
  if (fits(text)) return [text.trimEnd()];
  const lines: string[] = [];
  let line = '';
  for (const piece of breakPieces(text)) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = '';
    if (fits(piece)) {
      line = piece;
      continue;
    }
    for (const { segment } of graphemes.segment(piece)) {
      if (line !== '' && !fits(line + segment)) {
        lines.push(line.trimEnd());
        line = '';
      }
      line += segment;
    }
  }
  if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
