import { buildReport } from '../../src/server/reports/content/build-report';
import type { ReportDocument } from '../../src/server/reports/report-document';
import { createFleet } from '../../src/server/sim/fleet';
import { addDays, formatCalendarDate, MS_PER_DAY, reportRequestSchema } from '../../src/shared/interface';

/** bench:reports's fleet: asset 1 reports every 10 s around the clock (8,640 fixes a day). */
export const BENCH_SEED = 1;
export const BENCH_FLEET_SIZE = 5;

/** The excel trail report of asset 1 over the `days` whole days before today, as a worker builds it. */
export function trailDocument(days: number): ReportDocument {
  const today = Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY;
  const request = reportRequestSchema.parse({
    type: 'trail',
    format: 'excel',
    asset_id: 1,
    date_from: formatCalendarDate(addDays(today, -days)),
    date_to: formatCalendarDate(addDays(today, -1)),
  });
  return buildReport({
    fleet: createFleet({ seed: BENCH_SEED, size: BENCH_FLEET_SIZE }),
    request,
    reportId: 'bench',
    title: 'bench',
    generatedAt: Date.now(),
  });
}
