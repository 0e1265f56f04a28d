import { describe, expect, it } from 'vitest';
import { durationText } from '../../../../src/renderer/src/layout/format/duration-format';
import {
  distanceText,
  speedText,
  volumeText,
} from '../../../../src/renderer/src/layout/format/measure-format';
import {
  KM_PER_MILE,
  LITRES_PER_US_GALLON,
  speedToKmh,
} from '../../../../src/renderer/src/layout/format/unit-conversion';

describe('measures in the chosen units', () => {
  it('uses the exact mile and US gallon', () => {
    expect(KM_PER_MILE).toBe(1.609344);
    expect(LITRES_PER_US_GALLON).toBe(3.785411784);
  });

  it('converts distances to miles', () => {
    expect(distanceText(1.609344, 'mi', 'en-GB')).toBe('1.0 mi');
    expect(distanceText(100, 'mi', 'en-GB')).toBe('62.1 mi');
    expect(distanceText(100, 'km', 'en-GB')).toBe('100.0 km');
    expect(distanceText(182_000, 'mi', 'en-GB', { max: 0 })).toBe('113,090 mi');
    expect(distanceText(null, 'mi')).toBe('—');
    expect(distanceText(Number.NaN, 'km')).toBe('—');
  });

  it('converts speeds to mph, whole as a speedometer reads', () => {
    expect(speedText(100, 'mph', 'en-GB')).toBe('62 mph');
    expect(speedText(160.9344, 'mph', 'en-GB')).toBe('100 mph');
    expect(speedText(84.4, 'kmh', 'en-GB')).toBe('84 km/h');
    expect(speedText(undefined, 'kmh')).toBe('—');
    expect(speedToKmh(50, 'mph')).toBeCloseTo(80.4672, 10);
    expect(speedToKmh(90, 'kmh')).toBe(90);
  });

  it('converts volumes to US gallons', () => {
    expect(volumeText(3.785411784, 'usgal', 'en-GB')).toBe('1.0 gal');
    expect(volumeText(50, 'usgal', 'en-GB')).toBe('13.21 gal');
    expect(volumeText(45.5, 'l', 'en-GB')).toBe('45.5 L');
  });
});

describe('durations', () => {
  it('reads in seconds, minutes, then hours however long', () => {
    expect(durationText(45)).toBe('45 s');
    expect(durationText(720)).toBe('12 min');
    expect(durationText(725)).toBe('12 min 05 s');
    expect(durationText(96_240)).toBe('26 h 44 min');
    expect(durationText(3_600)).toBe('1 h 00 min');
    expect(durationText(-90)).toBe('−1 min 30 s');
    expect(durationText(Number.NaN)).toBe('—');
  });
});
