import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateReport } from '../../src/server/reports/generate-report';
import { addDays, formatCalendarDate, MS_PER_DAY, reportRequestSchema, type ReportFormat } from '../../src/shared/interface';
import { BENCH_FLEET_SIZE, BENCH_SEED } from './trail-document';

const format = (process.argv[2] ?? 'json') as ReportFormat;
const days = Number(process.argv[3] ?? 30);
const today = Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY;
const dir = mkdtempSync(join(tmpdir(), 'rcprof-'));
const job = (d: number) => ({
  reportId: 'p',
  fleet: { seed: BENCH_SEED, size: BENCH_FLEET_SIZE },
  visibleAssetIds: null,
  request: reportRequestSchema.parse({ type: 'trail', format, asset_id: 1, date_from: formatCalendarDate(addDays(today, -d)), date_to: formatCalendarDate(addDays(today, -1)) }),
  title: 'p',
  generatedAt: Date.now(),
  dir,
  fileName: `p.${format}`,
});
async function main() {
  await generateReport(job(1) as never, () => {});
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await generateReport(job(days) as never, () => {});
  const c = process.cpuUsage(c0);
  console.log(format, days, `${(performance.now() - t0).toFixed(0)} ms wall, ${((c.user + c.system) / 1000).toFixed(0)} ms cpu`, r.fileSize);
}
void main();
