import type { ReportRequest } from '../../../shared/interface';
import type { Fleet, SimAsset, SimBeacon } from '../../sim/types';

/**
 * Who a report is about. Requests are validated before they reach a worker,
 * but an id can still name nothing (a fleet resized between submit and run):
 * that fails the report with a clear message instead of an exception trace.
 */
export class UnknownSubjectError extends Error {
  override readonly name = 'UnknownSubjectError';
}

export function requireAsset(fleet: Fleet, id: number | undefined): SimAsset {
  if (id === undefined) throw new UnknownSubjectError('This report needs an asset_id');
  const asset = fleet.asset(id);
  if (!asset) throw new UnknownSubjectError(`Asset ${id} does not exist`);
  return asset;
}

export function requireBeacon(fleet: Fleet, id: number | undefined): SimBeacon {
  if (id === undefined) throw new UnknownSubjectError('This report needs a beacon_id');
  const beacon = fleet.beacon(id);
  if (!beacon) throw new UnknownSubjectError(`Beacon ${id} does not exist`);
  return beacon;
}

/** Each simulated driver drives one asset (SimAsset.driverId); asset_id wins when both are given. */
export function assetForDriverRequest(fleet: Fleet, request: ReportRequest): SimAsset {
  if (request.asset_id !== undefined) return requireAsset(fleet, request.asset_id);
  if (request.driver_id === undefined)
    throw new UnknownSubjectError('This report needs an asset_id or a driver_id');
  const asset = fleet.assets.find((a) => a.driverId === request.driver_id);
  if (!asset) throw new UnknownSubjectError(`Driver ${request.driver_id} does not exist`);
  return asset;
}

/** spec 2.1: asset_ids for mileage reports, or a single asset_id; duplicates are counted once. */
export function requireAssets(fleet: Fleet, request: ReportRequest): SimAsset[] {
  const ids = [
    ...new Set([...(request.asset_ids ?? []), ...(request.asset_id !== undefined ? [request.asset_id] : [])]),
  ];
  if (ids.length === 0) throw new UnknownSubjectError('This report needs asset_ids or an asset_id');
  return ids.map((id) => requireAsset(fleet, id));
}

export const assetRef = (asset: SimAsset): { id: number; name: string } => ({
  id: asset.id,
  name: asset.name,
});
