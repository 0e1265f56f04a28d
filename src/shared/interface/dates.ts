/**
 * Calendar-date arithmetic on YYYY-MM-DD strings, in UTC. Shared because the
 * server enforces spec 2.5's ranges and the renderer's date picker shows the
 * same limits; both must count days the same way.
 */
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of midnight UTC, or null when the string is not a real calendar date. */
export function parseCalendarDate(value: string): number | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t;
}

export function formatCalendarDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Days covered by an inclusive range: 2026-01-01..2026-01-01 is 1 day. */
export function inclusiveDays(fromMs: number, toMs: number): number {
  return Math.round((toMs - fromMs) / DAY_MS) + 1;
}

export function addDays(epochMs: number, days: number): number {
  return epochMs + days * DAY_MS;
}

export const MS_PER_DAY = DAY_MS;
