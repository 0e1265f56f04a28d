import type { DistanceUnit, SpeedUnit, VolumeUnit } from '../../../../shared/ipc';

/**
 * The exact factors: the international mile is 1,609.344 m (1959 agreement)
 * and the US liquid gallon 231 cubic inches, 3.785411784 L. The service and
 * the cache stay metric; only what the operator reads is converted.
 */
export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;

export const DISTANCE_LABEL: Readonly<Record<DistanceUnit, string>> = { km: 'km', mi: 'mi' };
export const SPEED_LABEL: Readonly<Record<SpeedUnit, string>> = { kmh: 'km/h', mph: 'mph' };
export const VOLUME_LABEL: Readonly<Record<VolumeUnit, string>> = { l: 'L', usgal: 'gal' };

export const distanceIn = (km: number, unit: DistanceUnit): number => (unit === 'mi' ? km / KM_PER_MILE : km);
export const speedIn = (kmh: number, unit: SpeedUnit): number => (unit === 'mph' ? kmh / KM_PER_MILE : kmh);
export const volumeIn = (litres: number, unit: VolumeUnit): number =>
  unit === 'usgal' ? litres / LITRES_PER_US_GALLON : litres;
/** A typed value in the shown unit back to the metric one main stores. */
export const speedToKmh = (value: number, unit: SpeedUnit): number =>
  unit === 'mph' ? value * KM_PER_MILE : value;
