const DAY_MS = 86_400_000;

export type Granularity = 'day' | 'week' | 'month';

export interface Bucket {
  readonly key: string;
  readonly label: string;
}

/** ISO 8601 week of a UTC day: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(day: number): { year: number; week: number } {
  const d = new Date(day);
  const dow = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(day + (3 - dow) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return { year, week };
}

export function bucketOf(day: number, granularity: Granularity): Bucket {
  const iso = new Date(day).toISOString();
  if (granularity === 'day') return { key: iso.slice(0, 10), label: iso.slice(0, 10) };
  if (granularity === 'month') return { key: iso.slice(0, 7), label: iso.slice(0, 7) };
  const { year, week } = isoWeek(day);
  const key = `${year}-W${String(week).padStart(2, '0')}`;
  return { key, label: key };
}
