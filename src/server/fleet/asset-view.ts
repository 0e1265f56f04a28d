import type { Asset } from '../../shared/interface';
import type { Fleet, SimAsset } from '../sim/types';

const iso = (t: number): string => new Date(t).toISOString();

/** Spec 2.7 list item; online and last_update as of `now`. */
export function assetListItem(fleet: Fleet, asset: SimAsset, now: number): Asset {
  const lastFix = fleet.lastFixAt(asset.id, now);
  return {
    id: asset.id,
    name: asset.name,
    registration: asset.registration,
    vin: asset.vin,
    make: asset.make,
    model: asset.model,
    year: asset.year,
    tracker: {
      id: asset.trackerId,
      imei: asset.imei,
      online: fleet.isOnline(asset.id, now),
      last_update: lastFix === null ? null : iso(lastFix),
    },
  };
}
