/**
 * The built-in viewer of json reports shows values as the operator reads
 * them: times in their own time zone and format, durations in hours and
 * minutes, units after numbers. The JSON content says what each value is
 * (docs/interface-decisions.md "Report content"): a column's `unit` ("UTC"
 * for times, "s" for durations, "km/h"…), a summary key's suffix
 * (`moving_time_s`, `distance_km`, `maximum_speed_kmh`), and the values'
 * own forms (ISO 8601 times, `YYYY-MM-DD` dates).
 */

export type CellKind = 'datetime' | 'date' | 'duration' | 'value';

export interface FieldFormat {
  readonly label: string;
  /** Shown after a number (km, km/h, °C…); null for times, durations and plain values. */
  readonly unit: string | null;
  readonly kind: CellKind;
}

/** How the json writer spells units in summary keys, longest first so `_l_per_100km` is not read as `_km`. */
const KEY_UNITS: readonly (readonly [suffix: string, unit: string])[] = [
  ['_l_per_100km', 'l/100 km'],
  ['_per_100_km', 'per 100 km'],
  ['_kmh', 'km/h'],
  ['_km', 'km'],
  ['_pct', '%'],
  ['_rpm', 'rpm'],
  ['_dbm', 'dBm'],
  ['_c', '°C'],
  ['_l', 'L'],
  ['_v', 'V'],
  ['_g', 'g'],
];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const sentence = (words: string): string => {
  const text = words.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** "moving_time_s" → Moving time, a duration; "distance_km" → Distance, in km. */
export function summaryField(key: string, value: unknown): FieldFormat {
  if (key.endsWith('_s') && typeof value === 'number')
    return { label: sentence(key.slice(0, -2)), unit: null, kind: 'duration' };
  for (const [suffix, unit] of KEY_UNITS)
    if (key.endsWith(suffix) && key.length > suffix.length)
      return { label: sentence(key.slice(0, -suffix.length)), unit, kind: 'value' };
  return { label: sentence(key), unit: null, kind: kindOfValue(value) };
}

function kindOfValue(value: unknown): CellKind {
  if (typeof value !== 'string') return 'value';
  if (ISO_TIME.test(value)) return 'datetime';
  if (ISO_DATE.test(value)) return 'date';
  return 'value';
}

/**
 * A column's kind from its unit, else from its first non-empty value (a
 * column's cells are all of one kind).
 */
export function columnField(
  column: { readonly label: string; readonly unit?: string },
  rows: readonly Readonly<Record<string, unknown>>[],
  key: string,
): FieldFormat {
  if (column.unit === 'UTC') return { label: column.label, unit: null, kind: 'datetime' };
  if (column.unit === 's') return { label: column.label, unit: null, kind: 'duration' };
  if (column.unit) return { label: column.label, unit: column.unit, kind: 'value' };
  const sample = rows.find((r) => r[key] !== null && r[key] !== undefined)?.[key];
  return { label: column.label, unit: null, kind: kindOfValue(sample) };
}

/** "45 s", "12 min", "26 h 44 min": a report's durations stay in hours however long. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const total = Math.round(Math.abs(seconds));
  const sign = seconds < 0 ? '−' : '';
  if (total < 60) return `${sign}${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) {
    const s = total % 60;
    return s === 0 ? `${sign}${minutes} min` : `${sign}${minutes} min ${String(s).padStart(2, '0')} s`;
  }
  return `${sign}${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
// A calendar date names a UTC day (the service's days): shown as that day, not shifted by the zone.
const calendarDate = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export function formatCalendarDay(value: string): string {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? value : calendarDate.format(ms);
}

/** One value as the viewer shows it. */
export function formatCell(value: unknown, f: FieldFormat): string {
  if (value === null || value === undefined) return '—';
  if (f.kind === 'duration' && typeof value === 'number') return formatSeconds(value);
  if (f.kind === 'datetime' && typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : dateTime.format(ms);
  }
  if (f.kind === 'date' && typeof value === 'string' && ISO_DATE.test(value)) return formatCalendarDay(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '—';
    const n = value.toLocaleString(undefined, { maximumFractionDigits: 3 });
    return f.unit ? `${n} ${f.unit}` : n;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The operator's time zone, which the viewer's times are in (the files keep UTC). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
