import { createHash } from 'node:crypto';
import {
  identicalRequestKey,
  inclusiveDays,
  parseCalendarDate,
  type ReportRequest,
} from '../../shared/interface';

/** The service's cache key of a request: a hash of identicalRequestKey (the same fields the app compares). */
export function requestFingerprint(req: ReportRequest): string {
  return createHash('sha256').update(identicalRequestKey(req)).digest('hex');
}

/** Days × assets: the size of the work a request asks for, the unit of the time estimate. */
export function requestWorkUnits(req: ReportRequest): number {
  const from = parseCalendarDate(req.date_from);
  const to = parseCalendarDate(req.date_to);
  const days = from === null || to === null ? 1 : Math.max(1, inclusiveDays(from, to));
  const assets = new Set([...(req.asset_id === undefined ? [] : [req.asset_id]), ...(req.asset_ids ?? [])]);
  return days * Math.max(1, assets.size);
}
