import { fuelEntryBodySchema } from '../../../shared/interface';
import type { EnteredRefill } from '../../reports/report-document';
import type { RecordStore } from './record-store';

/**
 * The fuel-entry records (spec 4.3) of one asset in [start, end), oldest
 * first, as the fuel report takes them. A body that no longer parses is
 * skipped rather than failing the report.
 */
export function enteredRefillsOf(
  records: RecordStore,
): (assetId: number, start: number, end: number) => EnteredRefill[] {
  return (assetId, start, end) =>
    records
      .list('fuel-entry')
      .flatMap((r): EnteredRefill[] => {
        if (!r.assetIds?.includes(assetId)) return [];
        const body = fuelEntryBodySchema.safeParse(r.body);
        if (!body.success || body.data.asset_id !== assetId) return [];
        const t = Date.parse(body.data.timestamp);
        return t >= start && t < end
          ? [{ t, liters: body.data.liters, station: body.data.station ?? null }]
          : [];
      })
      .sort((a, b) => a.t - b.t);
}
