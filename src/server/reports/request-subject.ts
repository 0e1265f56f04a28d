import type { Account, ServiceUser } from '../accounts/account';
import { badRequest, forbidden } from '../http/http-error';
import type { Fleet } from '../sim/types';
import { formatCalendarDate, parseCalendarDate, type ReportRequest } from '../../shared/interface';
import type { AssetInfo } from './report-record';
import { reportTitle } from './report-title';

/** What a request is about, once its ids are known to exist and the user may see them. */
export interface RequestSubject {
  readonly assetInfo: AssetInfo | null;
  /** For the filename (spec 2.4) and the default title. */
  readonly subjectName: string;
  /** The report's title from queued to completed: the request's own, else reportTitle's. */
  readonly title: string;
}

/**
 * The first day a report may cover, as for history (asset-routes.ts). The simulated fleet has no days
 * before 1970, and some reports read up to a year before date_from (a comparison's previous period, the
 * last refill before a fuel level): earlier dates were queued and then failed with the simulator's own
 * range error instead of a 400 on the field.
 */
const REPORT_EARLIEST = Date.UTC(2000, 0, 1);

/** asset_id, then asset_ids, each once. */
const requestedAssetIds = (req: ReportRequest): number[] => [
  ...new Set([...(req.asset_id === undefined ? [] : [req.asset_id]), ...(req.asset_ids ?? [])]),
];

/**
 * Checks a schema-valid request against the fleet: its first day, and its ids. Unknown ids
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

  const from = parseCalendarDate(req.date_from);
  if (from !== null && from < REPORT_EARLIEST)
    add('date_from', `must be on or after ${formatCalendarDate(REPORT_EARLIEST)}`);
  if (req.account_name !== undefined && req.account_name !== account.key) {
    add('account_name', `must be this account's key, "${account.key}"`);
  }
  const assetIds = requestedAssetIds(req);
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

  const subject = describeSubject(fleet, req);
  return { ...subject, title: reportTitle(req, subject.subjectName) };
}

/**
 * The asset_info and the name a request is about (ids already checked):
 * the first of several assets ("3 assets"), the asset, the beacon, or the
 * driver and the asset they drive.
 */
export function describeSubject(
  fleet: Fleet,
  req: ReportRequest,
): Pick<RequestSubject, 'assetInfo' | 'subjectName'> {
  const assets = requestedAssetIds(req)
    .map((id) => fleet.asset(id))
    .filter((a) => a !== undefined);
  const first = assets[0];
  if (first) {
    const assetInfo = { id: first.id, name: first.name };
    return { assetInfo, subjectName: assets.length > 1 ? `${assets.length} assets` : first.name };
  }
  const beacon = req.beacon_id === undefined ? undefined : fleet.beacon(req.beacon_id);
  if (beacon) return { assetInfo: { id: beacon.id, name: beacon.name }, subjectName: beacon.name };
  const driven = fleet.assets.find((a) => a.driverId === req.driver_id);
  if (!driven) throw new Error('describeSubject: the request names no asset, beacon or driver');
  return { assetInfo: { id: driven.id, name: driven.name }, subjectName: driven.driverName };
}
