import { createHash } from 'node:crypto';
import { inclusiveDays, parseCalendarDate, type ReportRequest } from '../../shared/interface';

/**
 * Spec 1's "identical report": the same user-visible parameters. Priority
 * only changes when a report runs and account_name only routes events, so
 * neither is part of the key.
 */
export function requestFingerprint(req: ReportRequest): string {
  const visible = [
    req.type,
    req.format,
    req.asset_id ?? null,
    req.asset_ids ?? null,
    req.beacon_id ?? null,
    req.driver_id ?? null,
    req.date_from,
    req.date_to,
    req.title ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(visible)).digest('hex');
}

/** Days × assets: the size of the work a request asks for, the unit of the time estimate. */
export function requestWorkUnits(req: ReportRequest): number {
  const from = parseCalendarDate(req.date_from);
  const to = parseCalendarDate(req.date_to);
  const days = from === null || to === null ? 1 : Math.max(1, inclusiveDays(from, to));
  const assets = new Set([...(req.asset_id === undefined ? [] : [req.asset_id]), ...(req.asset_ids ?? [])]);
  return days * Math.max(1, assets.size);
}
