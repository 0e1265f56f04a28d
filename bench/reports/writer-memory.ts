import { excelWriterNameSchema, EXCEL_WRITERS, type WriterMemory } from './excel-writers';
import { PeakRss } from './peak-rss';
import { trailDocument } from './trail-document';

/**
 * One excel writer's peak memory on the trail report, alone in this process
 * (spawned by excel-writers.ts with --expose-gc): argv writer name, days.
 * Prints one JSON line, WriterMemory.
 */
async function main(): Promise<void> {
  const name = excelWriterNameSchema.parse(process.argv[2]);
  const days = Number(process.argv[3]);
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`days must be a whole number ≥ 1, not ${process.argv[3]}`);
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc !== 'function') throw new Error('writer-memory needs --expose-gc');
  const doc = trailDocument(days);
  await EXCEL_WRITERS[name](trailDocument(1));
  gc();
  const rss = new PeakRss();
  const startRss = process.memoryUsage.rss();
  const { peakAboveStart } = await rss.measure(() => EXCEL_WRITERS[name](doc));
  await rss.stop();
  const result: WriterMemory = { startRss, peakAboveStart };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
