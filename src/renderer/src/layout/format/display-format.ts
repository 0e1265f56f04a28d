import type { DisplaySettings } from '../../../../shared/ipc';
import { createClockFormat, type ClockFormat } from './clock-format';
import { durationText } from './duration-format';
import { distanceText, speedText, volumeText, type Digits } from './measure-format';
import { DISTANCE_LABEL, SPEED_LABEL, VOLUME_LABEL } from './unit-conversion';

/**
 * Everything the renderer shows a time, date, duration or measure with, bound
 * to the operator's settings (docs/architecture.md "Formatting"). Values come
 * in as the service sends them: epoch ms, seconds, km, km/h, litres.
 */
export interface DisplayFormat extends ClockFormat {
  readonly settings: DisplaySettings;
  distance(km: number | null | undefined, digits?: Digits): string;
  speed(kmh: number | null | undefined): string;
  volume(litres: number | null | undefined, digits?: Digits): string;
  /** From seconds: "26 h 44 min". */
  duration(seconds: number): string;
  readonly units: { readonly distance: string; readonly speed: string; readonly volume: string };
}

export function createDisplayFormat(settings: DisplaySettings, locale?: string): DisplayFormat {
  const clock = createClockFormat({ ...settings, locale });
  return {
    ...clock,
    settings,
    distance: (km, digits) => distanceText(km, settings.distanceUnit, locale, digits),
    speed: (kmh) => speedText(kmh, settings.speedUnit, locale),
    volume: (litres, digits) => volumeText(litres, settings.volumeUnit, locale, digits),
    duration: durationText,
    units: {
      distance: DISTANCE_LABEL[settings.distanceUnit],
      speed: SPEED_LABEL[settings.speedUnit],
      volume: VOLUME_LABEL[settings.volumeUnit],
    },
  };
}
