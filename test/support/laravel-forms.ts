/**
 * A spec 2.8 position as a Laravel service plausibly serializes it (docs/interface-decisions.md, "The desktop
 * client's reading of the spec"): Carbon's toJSON writes every timestamp to the microsecond; without casts on
 * the model, Eloquent gives DECIMAL columns as strings and TINYINT(1) columns as 0 and 1. One writer for the
 * tests that read these forms through the core and for the bench that times them.
 */
export const LOCATION_DECIMALS = [
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'heading',
  'odometer',
] as const;

export interface LaravelForm {
  /** The model casts its columns: only the timestamps change. */
  readonly cast: boolean;
  /** The digits below the millisecond Carbon writes ("000" for a time that has none). */
  readonly microseconds?: string;
}

/** An ISO 8601 UTC timestamp as Carbon's toJSON writes it: `2026-11-02T08:00:10.000000Z`. */
export function carbonTimestamp(iso: string, microseconds = '000'): string {
  return new Date(iso).toISOString().replace('Z', `${microseconds}Z`);
}

export function laravelPosition(
  p: Readonly<Record<string, unknown>>,
  form: LaravelForm,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  if (typeof p.timestamp === 'string') out.timestamp = carbonTimestamp(p.timestamp, form.microseconds);
  if (form.cast) return out;
  for (const f of LOCATION_DECIMALS) if (typeof p[f] === 'number') out[f] = p[f].toFixed(7);
  if (typeof p.ignition === 'boolean') out.ignition = p.ignition ? 1 : 0;
  return out;
}
