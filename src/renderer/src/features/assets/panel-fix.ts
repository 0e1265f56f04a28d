import type { LivePosition, Location } from '../../../../shared/ipc';
import { livePositionOfLocation } from '../../../../shared/ipc/location-position';
import { isAheadOfClock } from '../../../../shared/time/clock-ahead';
import type { DisplayFormat } from '../../layout/format/display-format';
import { locationFields, type LocationField } from './location-fields';

/** The asset panel's one fix: every field of its header and Location block comes from it. */
export interface PanelFix {
  readonly fix: LivePosition;
  /** The location endpoint's answer when it is this very fix (spec 2.8's extra fields with it), else null. */
  readonly location: Location | null;
  /** An older location's extra fields (altitude, odometer, satellites), each with that location's time. */
  readonly older: readonly LocationField[];
}

/**
 * The newest fix the app has (docs/architecture.md "Live positions"): the live feed's position, or the
 * location endpoint's answer while it is newer (the feed gets it a moment later). Across this computer's
 * clock a stamp proves nothing: the live feed has ordered them by arrival, and its position stands.
 */
export function panelFix(
  assetId: number,
  position: LivePosition | undefined,
  location: Location | null,
  now: number,
  fmt: DisplayFormat,
): PanelFix | null {
  const located = location ? livePositionOfLocation(assetId, location) : null;
  const valid = located && !Number.isNaN(located.t) ? located : null;
  const newer = (t: number, before: number): boolean =>
    isAheadOfClock(t, now) === isAheadOfClock(before, now) && before <= t;
  if (valid && (!position || newer(valid.t, position.t))) return { fix: valid, location, older: [] };
  if (!position) return null;
  if (!location || !valid) return { fix: position, location: null, older: [] };
  const at = ` (at ${fmt.moment(valid.t, now)})`;
  const older = locationFields(location, fmt)
    .filter((f) => EXTRAS.has(f.label) && f.value !== '—')
    .map((f) => ({ label: f.label, value: `${f.value}${at}` }));
  return { fix: position, location: null, older };
}

const EXTRAS: ReadonlySet<string> = new Set(['Altitude', 'Odometer', 'Satellites']);

/** The Location block: the fix's own fields, an older location's extras with their time, then the fix's time. */
export function panelFields(p: PanelFix, fmt: DisplayFormat): LocationField[] {
  if (p.location) return locationFields(p.location, fmt);
  const { fix } = p;
  return [
    { label: 'Latitude', value: `${fix.lat.toFixed(5)}°` },
    { label: 'Longitude', value: `${fix.lon.toFixed(5)}°` },
    { label: 'Speed', value: fmt.speed(fix.speed) },
    { label: 'Heading', value: `${Math.round(fix.course)}°` },
    { label: 'Ignition', value: fix.ignition ? 'On' : 'Off' },
    ...p.older,
    { label: 'Fix time', value: fmt.dateTime(fix.t, true) },
  ];
}
