import type { DateFormat, DistanceUnit, SpeedUnit, VolumeUnit } from '../../../../shared/ipc';
import { createClockFormat } from '../../layout/format/clock-format';

export { systemTimeZone } from '../../layout/format/clock-format';

/** The choices of the Settings dialog's "Units and time" section, in the operator's words. */
export interface Choice<T extends string> {
  readonly value: T;
  readonly label: string;
}

export const SPEED_CHOICES: readonly Choice<SpeedUnit>[] = [
  { value: 'kmh', label: 'Kilometres per hour (km/h)' },
  { value: 'mph', label: 'Miles per hour (mph)' },
];
export const DISTANCE_CHOICES: readonly Choice<DistanceUnit>[] = [
  { value: 'km', label: 'Kilometres (km)' },
  { value: 'mi', label: 'Miles (mi)' },
];
export const VOLUME_CHOICES: readonly Choice<VolumeUnit>[] = [
  { value: 'l', label: 'Litres (L)' },
  { value: 'usgal', label: 'US gallons (gal)' },
];

/** Each date format named by how it writes `at` ("26 Nov 2026 (this computer's)", "2026-11-26"…). */
export function dateFormatChoices(at: number): Choice<DateFormat>[] {
  const example = (dateFormat: DateFormat): string =>
    createClockFormat({ timeZone: 'system', hour24: true, dateFormat }).date(at);
  return [
    { value: 'locale', label: `${example('locale')} (this computer's)` },
    { value: 'iso', label: `${example('iso')} (ISO 8601)` },
    { value: 'dmy', label: `${example('dmy')} (day/month/year)` },
    { value: 'mdy', label: `${example('mdy')} (month/day/year)` },
  ];
}

/**
 * The zones a fleet can be in: the IANA names this runtime's ICU knows
 * (docs/interface-decisions.md "Time zone": the service names no fleet time
 * zone, so the operator picks the fleet's).
 */
export function fleetZones(): readonly string[] {
  return Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC');
}
