/**
 * Speed bands for tracks coloured by speed (km/h). Bands rather than a
 * continuous ramp: one canvas path per band, so a 259,200-point track is a
 * handful of strokes, and the legend reads as discrete, nameable ranges.
 */
export const SPEED_BANDS: readonly {
  readonly upTo: number;
  readonly colour: string;
  readonly label: string;
}[] = [
  { upTo: 5, colour: '#7d8a99', label: '< 5 km/h' },
  { upTo: 30, colour: '#4a8fe7', label: '5–30' },
  { upTo: 50, colour: '#2fbf9f', label: '30–50' },
  { upTo: 70, colour: '#7ccf3c', label: '50–70' },
  { upTo: 90, colour: '#e9c03a', label: '70–90' },
  { upTo: 110, colour: '#f08a30', label: '90–110' },
  { upTo: Infinity, colour: '#e5484d', label: '≥ 110' },
];

export function speedBand(kmh: number): number {
  for (let i = 0; i < SPEED_BANDS.length; i++) if (kmh < SPEED_BANDS[i]!.upTo) return i;
  return SPEED_BANDS.length - 1;
}
