import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { z } from 'zod';
import { renderExcel } from '../../src/server/reports/render/excel/excel-report';
import type { ReportDocument } from '../../src/server/reports/report-document';
import { renderExcelWithExcelJs } from './exceljs-workbook';

/**
 * Our XML + ZIP writer (render/excel/, zip-archive.ts) and exceljs's
 * streaming WorkbookWriter, both deflating at level 1 (zip-archive.ts's
 * level; exceljs's default would only make it slower).
 */
export const EXCEL_WRITERS = {
  ours: async (doc: ReportDocument): Promise<Uint8Array> => Buffer.concat(await renderExcel(doc)),
  exceljs: (doc: ReportDocument): Promise<Uint8Array> => renderExcelWithExcelJs(doc, { deflateLevel: 1 }),
} as const;

export type ExcelWriterName = keyof typeof EXCEL_WRITERS;
export const excelWriterNameSchema = z.enum(['ours', 'exceljs']);

/** One writer's timed runs over the same document. */
export interface WriterRuns {
  readonly wallMs: number[];
  /** Process CPU (user + system): exceljs deflates on libuv's thread pool, not on this thread. */
  readonly cpuMs: number[];
  /** Size of the file written. */
  bytes: number;
}

/** Runs alternate which writer goes first, so neither always inherits the other's garbage. */
export async function timeExcelWriters(
  warmup: ReportDocument,
  doc: ReportDocument,
  reps: number,
): Promise<Record<ExcelWriterName, WriterRuns>> {
  const runs: Record<ExcelWriterName, WriterRuns> = {
    ours: { wallMs: [], cpuMs: [], bytes: 0 },
    exceljs: { wallMs: [], cpuMs: [], bytes: 0 },
  };
  for (const write of Object.values(EXCEL_WRITERS)) await write(warmup);
  for (let i = 0; i < reps; i++) {
    const order: ExcelWriterName[] = i % 2 === 0 ? ['ours', 'exceljs'] : ['exceljs', 'ours'];
    for (const name of order) {
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      const file = await EXCEL_WRITERS[name](doc);
      const wall = performance.now() - wall0;
      const cpu = process.cpuUsage(cpu0);
      runs[name].wallMs.push(wall);
      runs[name].cpuMs.push((cpu.user + cpu.system) / 1000);
      runs[name].bytes = file.byteLength;
    }
  }
  return runs;
}

export const writerMemorySchema = z.object({
  /** RSS after the document was built and a full GC, before the writer ran. */
  startRss: z.number(),
  /** Peak RSS while the writer ran, above startRss. */
  peakAboveStart: z.number(),
});
export type WriterMemory = z.infer<typeof writerMemorySchema>;

/**
 * A writer's peak memory, measured in a process of its own
 * (bench/reports/writer-memory.ts): in the timing process, memory one run
 * freed and V8 kept hides the next run's peak.
 */
export async function writerMemory(name: ExcelWriterName, days: number): Promise<WriterMemory> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/reports/writer-memory.ts', name, String(days)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`writer-memory ${name} exited with ${code}`);
  return writerMemorySchema.parse(JSON.parse(out));
}
