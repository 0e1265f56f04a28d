import type { Fleet } from '../sim/types';

/** A report asked the fleet about an asset its user may not access; the report fails instead of leaking. */
export class AssetOutOfScopeError extends Error {
  override readonly name = 'AssetOutOfScopeError';
  constructor(assetId: number) {
    super(`This report would include asset ${assetId}, which you may not access.`);
  }
}

/**
 * The fleet as one user may see it. Spec 5 checks access per user, and a
 * report that mentions an asset is a read of that asset
 * (docs/architecture.md §3), so reports are built from this view rather than
 * trusting every builder to filter: lists hold only the user's assets, a
 * beacon's detections only those made by the user's assets (beacons are
 * account-wide, the assets that saw them are not), and any question about
 * another asset, its name included, throws. `assetIds` null means every asset.
 */
export function visibleFleet(fleet: Fleet, assetIds: readonly number[] | null): Fleet {
  if (assetIds === null) return fleet;
  const visible = new Set(assetIds);
  const scoped =
    <A extends unknown[], R>(query: (assetId: number, ...rest: A) => R) =>
    (assetId: number, ...rest: A): R => {
      if (!visible.has(assetId)) throw new AssetOutOfScopeError(assetId);
      return query.call(fleet, assetId, ...rest);
    };
  return {
    seed: fleet.seed,
    assets: fleet.assets.filter((a) => visible.has(a.id)),
    beacons: fleet.beacons,
    home: fleet.home,
    depots: fleet.depots,
    asset: (id) => {
      const asset = fleet.asset(id);
      if (asset && !visible.has(id)) throw new AssetOutOfScopeError(id);
      return asset;
    },
    beacon: (id) => fleet.beacon(id),
    sampleAt: scoped(fleet.sampleAt),
    history: scoped(fleet.history),
    forEachSample: scoped(fleet.forEachSample),
    forEachFix: scoped(fleet.forEachFix),
    isOnline: scoped(fleet.isOnline),
    lastFixAt: scoped(fleet.lastFixAt),
    trips: scoped(fleet.trips),
    stops: scoped(fleet.stops),
    harshEvents: scoped(fleet.harshEvents),
    fuelEvents: scoped(fleet.fuelEvents),
    obdReadings: scoped(fleet.obdReadings),
    faultCodes: scoped(fleet.faultCodes),
    beaconDetectionsByAsset: scoped(fleet.beaconDetectionsByAsset),
    beaconDetectionsByBeacon: (beaconId, start, end) =>
      fleet.beaconDetectionsByBeacon(beaconId, start, end).filter((d) => visible.has(d.assetId)),
    alarms: scoped(fleet.alarms),
    incidents: scoped(fleet.incidents),
    outages: scoped(fleet.outages),
    dailyDistanceKm: scoped(fleet.dailyDistanceKm),
    odometerAt: scoped(fleet.odometerAt),
    destination: scoped(fleet.destination),
  };
}
