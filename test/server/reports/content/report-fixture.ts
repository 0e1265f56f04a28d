import {
  reportRequestSchema,
  type ReportRequestInput,
  type ReportType,
} from '../../../../src/shared/interface';
import { buildReport } from '../../../../src/server/reports/content/build-report';
import { reportTitle } from '../../../../src/server/reports/report-title';
import { describeSubject } from '../../../../src/server/reports/request-subject';
import type { ReportDocument, ReportRow, ReportTable } from '../../../../src/server/reports/report-document';
import { createFleet } from '../../../../src/server/sim/fleet';

/**
 * One small real fleet for the report tests (seed 7, 12 assets). In it:
 * asset 1 is a round-the-clock 10 s reefer with OBD, a temperature probe and
 * beacon 1; asset 3 has no OBD-II adapter; beacon 2 is a portable tag nobody
 * carries. RESTING names an asset and a Sunday on which it does not drive.
 */
export const fleet = createFleet({ seed: 7, size: 12 });

export const DAY_MS = 86_400_000;
export const utc = (date: string): number => Date.parse(`${date}T00:00:00Z`);
/** The fleet's inclusive [start, end] of a report period, as the builders query it. */
export const rangeOf = (from: string, to: string): [number, number] => [utc(from), utc(to) + DAY_MS - 1];

/** The first asset, on the first Sunday of March 2026 from the 8th, that stays parked all day. */
export const RESTING: { readonly assetId: number; readonly name: string; readonly date: string } = (() => {
  for (const date of ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29'])
    for (const a of fleet.assets)
      if (fleet.trips(a.id, ...rangeOf(date, date)).length === 0)
        return { assetId: a.id, name: a.name, date };
  throw new Error('Every asset of the report fixture drives on every Sunday of March 2026.');
})();

export const GENERATED_AT = Date.parse('2026-03-20T09:30:00Z');

/**
 * Builds a report from a request validated exactly as the HTTP layer
 * validates it (spec 2.1), as a worker would at `generatedAt`.
 */
export function build(
  input: Omit<ReportRequestInput, 'format'> & { format?: ReportRequestInput['format'] },
  generatedAt = GENERATED_AT,
): ReportDocument {
  const request = reportRequestSchema.parse({ format: 'json', ...input });
  return buildReport({
    fleet,
    request,
    reportId: '6f1c1b9e-8a47-4b8e-9d7a-2f7d1c3b5a10',
    // The title the service gives the report when it accepts it.
    title: reportTitle(request, describeSubject(fleet, request).subjectName),
    generatedAt,
  });
}

export function table(doc: ReportDocument, key: string): ReportTable {
  const t = doc.tables.find((x) => x.key === key);
  if (!t)
    throw new Error(`no table ${key} in ${doc.type}; tables: ${doc.tables.map((x) => x.key).join(', ')}`);
  return t;
}

export function summaryValue(doc: ReportDocument, label: string): ReportRow[string] {
  const item = doc.summary.find((s) => s.label === label);
  if (!item)
    throw new Error(`no summary item ${label}; items: ${doc.summary.map((s) => s.label).join(', ')}`);
  return item.value;
}

export const sumOf = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * A subject every report type has data for: Truck 02 (asset 12, a 60 s
 * tracker) drives, has OBD and carries beacon 1; beacon 3 is a portable tag
 * on the move; the mileage types compare assets 11 and 12.
 */
export const subjectFor = (
  type: ReportType,
): { asset_id?: number; asset_ids?: number[]; beacon_id?: number } =>
  type === 'portable_beacon'
    ? { beacon_id: 3 }
    : type.startsWith('mileage')
      ? { asset_ids: [11, 12] }
      : { asset_id: 12 };
