import type { SpeedUnit } from '../../../../shared/ipc';
import { SPEED_LABEL, speedIn } from '../../layout/format/unit-conversion';

/**
 * Speed bands for tracks coloured by speed (km/h). Bands rather than a
 * continuous ramp: one canvas path per band, so a 259,200-point track is a
 * handful of strokes, and the legend reads as discrete, nameable ranges.
 */
export const SPEED_BANDS: readonly {
  readonly upTo: number;
  readonly colour: string;
}[] = [
  { upTo: 5, colour: '#7d8a99' },
  { upTo: 30, colour: '#4a8fe7' },
  { upTo: 50, colour: '#2fbf9f' },
  { upTo: 70, colour: '#7ccf3c' },
  { upTo: 90, colour: '#e9c03a' },
  { upTo: 110, colour: '#f08a30' },
  { upTo: Infinity, colour: '#e5484d' },
];

/** The legend's words for each band in the operator's speed unit: "< 5 km/h", "5–30", … "≥ 110" (or mph). */
export function speedBandLabels(unit: SpeedUnit): string[] {
  const n = (kmh: number): number => Math.round(speedIn(kmh, unit));
  return SPEED_BANDS.map((b, i) => {
    const from = i === 0 ? null : SPEED_BANDS[i - 1]!.upTo;
    if (from === null) return `< ${n(b.upTo)} ${SPEED_LABEL[unit]}`;
    return b.upTo === Infinity ? `≥ ${n(from)}` : `${n(from)}–${n(b.upTo)}`;
  });
}

export function speedBand(kmh: number): number {
  for (let i = 0; i < SPEED_BANDS.length; i++) if (kmh < SPEED_BANDS[i]!.upTo) return i;
  return SPEED_BANDS.length - 1;
}
