import type { LocalReport } from '../../../../shared/ipc';
import { REPORT_CATALOGUE, reportTypeSchema } from '../../../../shared/interface';

/** Names of drivers and beacons where the lists are known; the row falls back to their ids. */
export interface SubjectNames {
  driver?(id: number): string | undefined;
  beacon?(id: number): string | undefined;
}

/** "Trail · Van 0003 · 2026-11-16 → 2026-11-22": what a list row is about, in one line. */
export function reportSubject(
  r: LocalReport,
  nameOf: (assetId: number) => string,
  names: SubjectNames = {},
): string {
  const q = r.request;
  const parsed = reportTypeSchema.safeParse(q.type);
  const type = parsed.success ? REPORT_CATALOGUE[parsed.data].label : String(q.type);
  let who = '';
  if (q.asset_ids && q.asset_ids.length > 0)
    who = q.asset_ids.length <= 2 ? q.asset_ids.map(nameOf).join(', ') : `${q.asset_ids.length} assets`;
  else if (q.asset_id !== undefined) who = nameOf(q.asset_id);
  else if (q.driver_id !== undefined) who = names.driver?.(q.driver_id) ?? `Driver ${q.driver_id}`;
  else if (q.beacon_id !== undefined) who = names.beacon?.(q.beacon_id) ?? `Beacon ${q.beacon_id}`;
  const period = q.date_from === q.date_to ? q.date_from : `${q.date_from} → ${q.date_to}`;
  return [type, who, period].filter((s) => s !== '').join(' · ');
}
