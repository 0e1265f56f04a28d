import type { ServiceUser } from '../accounts/account';
import { requireAssetAccess } from '../http/auth';
import { badRequest, notFound } from '../http/http-error';
import type { SimAsset } from '../sim/types';
import type { FleetDeps } from './fleet-route';

/** The asset behind a path id: unknown → 404, not the user's → 403 (spec 5). */
export function accessibleAsset(deps: FleetDeps, user: ServiceUser, assetId: number): SimAsset {
  const asset = deps.ctx.fleet.asset(assetId);
  if (!asset) throw notFound(`No asset with id ${assetId}.`);
  requireAssetAccess(deps.ctx.account, user, assetId);
  return asset;
}

/** Asset ids named in a body: each must exist (400 on `field`) and be the user's (403). */
export function requireAssetsInBody(
  deps: FleetDeps,
  user: ServiceUser,
  field: string,
  assetIds: readonly number[],
): void {
  const unknown = assetIds.filter((id) => deps.ctx.fleet.asset(id) === undefined);
  if (unknown.length > 0)
    throw badRequest('The given data was invalid.', {
      [field]: [`unknown asset ${unknown.slice(0, 5).join(', ')}`],
    });
  for (const id of assetIds) requireAssetAccess(deps.ctx.account, user, id);
}
