/**
 * The built-in Helvetica covers WinAnsi only (Latin-1 plus a few typographic
 * marks such as – — ’ … €); anything else would print as garbage, so it
 * becomes "?" instead.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const OUTSIDE_WIN_ANSI = new RegExp(`[^\\x20-\\x7E\\xA0-\\xFF${WIN_ANSI_EXTRAS}]`, 'g');

/** Close WinAnsi stand-ins for marks our own texts use (the scoring formula's minus sign). */
const STAND_INS: Readonly<Record<string, string>> = { '−': '-', '≤': '<=', '≥': '>=', '→': '->', '′': "'" };

export const winAnsi = (text: string): string => text.replace(OUTSIDE_WIN_ANSI, (c) => STAND_INS[c] ?? '?');

/** Shortens text with an ellipsis until measure(text) fits width. */
export function fitText(text: string, width: number, measure: (s: string) => number): string {
  if (measure(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}
