import type { CachedLocation } from '../cache/asset-store';

export type OdometerReadings = ReadonlyMap<number, { readonly km: number; readonly at: number }>;

/** Each asset's odometer at its last known location (spec 2.8), for reminders due by distance. */
export function odometersOf(locations: readonly CachedLocation[]): OdometerReadings {
  const out = new Map<number, { km: number; at: number }>();
  for (const { assetId, location } of locations) {
    const at = Date.parse(location.timestamp);
    if (location.odometer !== null && !Number.isNaN(at)) out.set(assetId, { km: location.odometer, at });
  }
  return out;
}
