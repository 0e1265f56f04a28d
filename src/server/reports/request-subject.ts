import type { Account, ServiceUser } from '../accounts/account';
import { badRequest, forbidden } from '../http/http-error';
import type { Fleet } from '../sim/types';
import { REPORT_CATALOGUE, type ReportRequest } from '../../shared/interface';
import type { AssetInfo } from './report-record';

/** What a request is about, once its ids are known to exist and the user may see them. */
export interface RequestSubject {
  readonly assetInfo: AssetInfo | null;
  /** For the filename (spec 2.4) and the default title. */
  readonly subjectName: string;
  readonly title: string;
}

/**
 * Checks the ids of a schema-valid request against the fleet. Unknown ids
 * and a foreign account_name are validation failures (400 with `errors`,
 * spec 7); an existing asset the user may not access is a 403 (spec 5).
 */
export function resolveSubject(
  fleet: Fleet,
  account: Account,
  user: ServiceUser,
  req: ReportRequest,
): RequestSubject {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string): void => void (errors[field] ??= []).push(message);

  if (req.account_name !== undefined && req.account_name !== account.key) {
    add('account_name', `must be this account's key, "${account.key}"`);
  }
  const assetIds = [
    ...new Set([...(req.asset_id === undefined ? [] : [req.asset_id]), ...(req.asset_ids ?? [])]),
  ];
  for (const id of assetIds) {
    if (!fleet.asset(id))
      add(req.asset_ids?.includes(id) ? 'asset_ids' : 'asset_id', `no asset with id ${id}`);
  }
  const beacon = req.beacon_id === undefined ? undefined : fleet.beacon(req.beacon_id);
  if (req.beacon_id !== undefined && !beacon) add('beacon_id', `no beacon with id ${req.beacon_id}`);
  const driverAssets =
    req.driver_id === undefined ? [] : fleet.assets.filter((a) => a.driverId === req.driver_id);
  if (req.driver_id !== undefined && driverAssets.length === 0) {
    add('driver_id', `no driver with id ${req.driver_id}`);
  }
  if (Object.keys(errors).length > 0) throw badRequest('The given data was invalid.', errors);

  for (const id of assetIds) {
    if (!account.canAccess(user, id)) throw forbidden(`You do not have access to asset ${id}.`);
  }
  if (driverAssets.length > 0 && !driverAssets.some((a) => account.canAccess(user, a.id))) {
    throw forbidden(`You do not have access to the assets of driver ${req.driver_id}.`);
  }

  const assets = assetIds.map((id) => fleet.asset(id)).filter((a) => a !== undefined);
  let assetInfo: AssetInfo;
  let subjectName: string;
  if (assets.length > 1) {
    assetInfo = { id: assets[0]!.id, name: assets[0]!.name };
    subjectName = `${assets.length} assets`;
  } else if (assets.length === 1) {
    assetInfo = { id: assets[0]!.id, name: assets[0]!.name };
    subjectName = assets[0]!.name;
  } else if (beacon) {
    assetInfo = { id: beacon.id, name: beacon.name };
    subjectName = beacon.name;
  } else {
    const driven = driverAssets[0]!;
    assetInfo = { id: driven.id, name: driven.name };
    subjectName = driven.driverName;
  }

  const label = REPORT_CATALOGUE[req.type].label;
  return {
    assetInfo,
    subjectName,
    title: req.title ?? `${label} — ${subjectName} — ${req.date_from} to ${req.date_to}`,
  };
}
