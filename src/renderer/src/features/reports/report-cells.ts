/**
 * The built-in viewer of json reports shows values as the operator reads
 * them: times in their chosen zone and format, durations in hours and
 * minutes, distances, speeds and volumes in their units
 * (docs/architecture.md "Formatting"). The JSON content says what each value
 * is (docs/interface-decisions.md "Report content"): a column's `unit` ("UTC"
 * for times, "s" for durations, "km/h"…), a summary key's suffix
 * (`moving_time_s`, `distance_km`, `maximum_speed_kmh`), and the values'
 * own forms (ISO 8601 times, `YYYY-MM-DD` dates).
 */
import type { DisplayFormat } from '../../layout/format/display-format';
import { KM_PER_MILE, LITRES_PER_US_GALLON } from '../../layout/format/unit-conversion';

export type CellKind = 'datetime' | 'date' | 'duration' | 'value';
/** A measure the operator's settings choose the unit of; `economy` is fuel per distance. */
export type Measure = 'distance' | 'speed' | 'volume' | 'economy';

export interface FieldFormat {
  readonly label: string;
  /** Shown after a number (km, mph, °C…); null for times, durations and plain values. */
  readonly unit: string | null;
  readonly kind: CellKind;
  /** Converted into the operator's unit; `scale` turns the file's unit into the metric base (m → km). */
  readonly measure?: { readonly is: Measure; readonly scale: number };
}

/** How the json writer spells units in summary keys, longest first so `_l_per_100km` is not read as `_km`. */
const KEY_UNITS: readonly (readonly [suffix: string, unit: string])[] = [
  ['_l_per_100km', 'l/100 km'],
  ['_per_100_km', 'per 100 km'],
  ['_kmh', 'km/h'],
  ['_km', 'km'],
  ['_m', 'm'],
  ['_pct', '%'],
  ['_rpm', 'rpm'],
  ['_dbm', 'dBm'],
  ['_c', '°C'],
  ['_l', 'L'],
  ['_v', 'V'],
  ['_g', 'g'],
];

/** The file's metric units that the operator's settings convert. */
const MEASURES: Readonly<Record<string, { readonly is: Measure; readonly scale: number }>> = {
  km: { is: 'distance', scale: 1 },
  m: { is: 'distance', scale: 0.001 },
  'km/h': { is: 'speed', scale: 1 },
  L: { is: 'volume', scale: 1 },
  'l/100 km': { is: 'economy', scale: 1 },
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const sentence = (words: string): string => {
  const text = words.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Fuel economy in miles per US gallon only where both distance and volume are imperial. */
const usesMpg = (fmt: DisplayFormat): boolean =>
  fmt.settings.distanceUnit === 'mi' && fmt.settings.volumeUnit === 'usgal';

function unitShown(unit: string, fmt: DisplayFormat): string {
  const m = MEASURES[unit];
  if (!m) return unit;
  if (m.is === 'distance') return fmt.units.distance;
  if (m.is === 'speed') return fmt.units.speed;
  if (m.is === 'volume') return fmt.units.volume;
  return usesMpg(fmt) ? 'mpg' : unit;
}

function withUnit(label: string, unit: string, fmt: DisplayFormat): FieldFormat {
  const measure = MEASURES[unit];
  return { label, unit: unitShown(unit, fmt), kind: 'value', ...(measure ? { measure } : {}) };
}

/** "moving_time_s" → Moving time, a duration; "distance_km" → Distance, in the operator's distance unit. */
export function summaryField(key: string, value: unknown, fmt: DisplayFormat): FieldFormat {
  if (key.endsWith('_s') && typeof value === 'number')
    return { label: sentence(key.slice(0, -2)), unit: null, kind: 'duration' };
  for (const [suffix, unit] of KEY_UNITS)
    if (key.endsWith(suffix) && key.length > suffix.length && typeof value === 'number')
      return withUnit(sentence(key.slice(0, -suffix.length)), unit, fmt);
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
  fmt: DisplayFormat,
): FieldFormat {
  if (column.unit === 'UTC') return { label: column.label, unit: null, kind: 'datetime' };
  if (column.unit === 's') return { label: column.label, unit: null, kind: 'duration' };
  if (column.unit) return withUnit(column.label, column.unit, fmt);
  const sample = rows.find((r) => r[key] !== null && r[key] !== undefined)?.[key];
  return { label: column.label, unit: null, kind: kindOfValue(sample) };
}

function measured(value: number, m: NonNullable<FieldFormat['measure']>, fmt: DisplayFormat): number {
  const base = value * m.scale;
  if (m.is === 'distance') return fmt.settings.distanceUnit === 'mi' ? base / KM_PER_MILE : base;
  if (m.is === 'speed') return fmt.settings.speedUnit === 'mph' ? base / KM_PER_MILE : base;
  if (m.is === 'volume') return fmt.settings.volumeUnit === 'usgal' ? base / LITRES_PER_US_GALLON : base;
  // l/100 km → mi/gal: 100 km per `base` litres.
  return usesMpg(fmt) && base > 0 ? ((100 / KM_PER_MILE) * LITRES_PER_US_GALLON) / base : base;
}

/** One value as the viewer shows it; `bare` leaves the unit to the column's header. */
export function formatCell(value: unknown, f: FieldFormat, fmt: DisplayFormat, bare = false): string {
  if (value === null || value === undefined) return '—';
  if (f.kind === 'duration' && typeof value === 'number') return fmt.duration(value);
  if (f.kind === 'datetime' && typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : fmt.dateTime(ms, true);
  }
  if (f.kind === 'date' && typeof value === 'string' && ISO_DATE.test(value)) return fmt.calendarDay(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '—';
    const shown = f.measure ? measured(value, f.measure, fmt) : value;
    const n = shown.toLocaleString(undefined, { maximumFractionDigits: f.measure ? 2 : 3 });
    return f.unit && !bare ? `${n} ${f.unit}` : n;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
