import { describe, expect, it } from 'vitest';
import { SPEED_BANDS, speedBand, speedBandLabels } from '../../../src/renderer/src/features/map/speed-scale';
import { mercatorX, mercatorY } from '../../../src/renderer/src/features/map/interpolation';
import { projectTrack } from '../../../src/renderer/src/features/map/speed-track';

describe('track colours by speed', () => {
  it('puts each speed in exactly one band, slow to fast', () => {
    expect(speedBand(0)).toBe(0);
    expect(speedBand(4.9)).toBe(0);
    expect(speedBand(5)).toBe(1);
    expect(speedBand(65)).toBe(3);
    expect(speedBand(109.9)).toBe(5);
    expect(speedBand(250)).toBe(SPEED_BANDS.length - 1);
  });

  it('labels every band for the legend with a distinct colour', () => {
    const colours = new Set(SPEED_BANDS.map((b) => b.colour));
    expect(colours.size).toBe(SPEED_BANDS.length);
    expect(speedBandLabels('kmh')).toEqual([
      '< 5 km/h',
      '5–30',
      '30–50',
      '50–70',
      '70–90',
      '90–110',
      '≥ 110',
    ]);
    expect(speedBandLabels('mph')).toEqual(['< 3 mph', '3–19', '19–31', '31–43', '43–56', '56–68', '≥ 68']);
  });

  it('projects a track once into columns with its band per point', () => {
    const t = projectTrack({
      lat: Float64Array.from([0, 10]),
      lon: Float64Array.from([0, 90]),
      speed: Float32Array.from([0, 120]),
    });
    expect(t.x[0]).toBe(0.5);
    expect(t.x[1]).toBe(0.75);
    expect(Array.from(t.band)).toEqual([0, SPEED_BANDS.length - 1]);
  });

  it('projects a parked stretch (repeated fixes), unknown values and -0 exactly as each point alone', () => {
    const lat = [51.5, 51.5, 51.5, Number.NaN, Number.NaN, 51.5, -0, 0, 85.2, 85.2, 51.50001];
    const lon = [-0.12, -0.12, -0.12, 3, 3, -0.12, 0, -0, 10, 10, -0.12];
    const speed = [0, 0, 0, Number.NaN, Number.NaN, 0, 4.9, 5, 120, 120, 0];
    const t = projectTrack({
      lat: Float64Array.from(lat),
      lon: Float64Array.from(lon),
      speed: Float32Array.from(speed),
    });
    expect(Array.from(t.y)).toEqual(lat.map(mercatorY));
    expect(Array.from(t.x)).toEqual(lon.map(mercatorX));
    expect(Array.from(t.band)).toEqual(Array.from(Float32Array.from(speed), speedBand));
  });
});
