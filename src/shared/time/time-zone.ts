/**
 * Time zones and hour cycles as the operator's settings name them
 * (docs/architecture.md "Formatting"): an IANA zone name the runtime's ICU
 * knows, and whether the computer's locale writes 14:05 or 2:05 PM.
 */

/** True for an IANA zone name (or UTC) that Intl can format in. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The computer's locale's own clock: 24-hour unless it writes AM/PM (h11/h12). */
export function localeUsesHour24(locale?: string): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle !== 'h11' && cycle !== 'h12';
}
