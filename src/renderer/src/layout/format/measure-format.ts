import type { DistanceUnit, SpeedUnit, VolumeUnit } from '../../../../shared/ipc';
import { DISTANCE_LABEL, distanceIn, SPEED_LABEL, speedIn, VOLUME_LABEL, volumeIn } from './unit-conversion';

/** How many fraction digits a measure shows: a fixed count, or up to `max`. */
export interface Digits {
  readonly min?: number;
  readonly max?: number;
}

function number(value: number, locale: string | undefined, digits: Digits): string {
  return value.toLocaleString(locale, {
    minimumFractionDigits: digits.min ?? 0,
    maximumFractionDigits: Math.max(digits.min ?? 0, digits.max ?? 0),
  });
}

const known = (v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v);

/** "12.3 km", "7.6 mi"; "—" when unknown. */
export function distanceText(
  km: number | null | undefined,
  unit: DistanceUnit,
  locale?: string,
  digits: Digits = { min: 1, max: 1 },
): string {
  return known(km) ? `${number(distanceIn(km, unit), locale, digits)} ${DISTANCE_LABEL[unit]}` : '—';
}

/** "84 km/h", "52 mph": whole numbers, as a speedometer reads. */
export function speedText(kmh: number | null | undefined, unit: SpeedUnit, locale?: string): string {
  return known(kmh) ? `${number(Math.round(speedIn(kmh, unit)), locale, {})} ${SPEED_LABEL[unit]}` : '—';
}

/** "45.5 L", "12.02 gal". */
export function volumeText(
  litres: number | null | undefined,
  unit: VolumeUnit,
  locale?: string,
  digits: Digits = { min: 1, max: 2 },
): string {
  return known(litres) ? `${number(volumeIn(litres, unit), locale, digits)} ${VOLUME_LABEL[unit]}` : '—';
}
