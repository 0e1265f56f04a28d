import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';

/** The events of a Chromium trace read here and in bench/map-curve/frame-trace.ts. */
export const traceSchema = z.object({
  traceEvents: z.array(
    z.object({
      name: z.string(),
      ph: z.string(),
      pid: z.number(),
      tid: z.number(),
      dur: z.number().optional(),
      /** The thread's CPU time in the event: on a busy machine, far less than its wall time (dur). */
      tdur: z.number().optional(),
      args: z.object({ name: z.string().optional() }).loose().optional(),
    }),
  ),
});

/** What the renderer's main thread spends a frame's work on (Chromium's devtools.timeline events). */
const MAIN_THREAD_WORK = [
  'FunctionCall',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'MajorGC',
  'MinorGC',
];

export interface TraceSplit {
  /** Summed durations by event name on the page's main thread; script can force style and layout, so they may nest. */
  readonly main: ReadonlyMap<string, number>;
  /** Every other thread of the page's renderer process (compositor, raster workers), summed by thread. */
  readonly others: ReadonlyMap<string, number>;
}

/**
 * A Chromium trace of the page while `action` runs, written to `path` (open it in DevTools' Performance
 * panel or Perfetto): where the time from click to a drawn screen goes outside of script.
 */
export async function tracePage(
  browser: Browser,
  page: Page,
  path: string,
  action: () => Promise<void>,
): Promise<TraceSplit> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
  });
  let buffer: Buffer;
  try {
    await action();
  } finally {
    buffer = await browser.stopTracing();
  }
  writeFileSync(path, buffer);
  const { traceEvents } = traceSchema.parse(JSON.parse(buffer.toString('utf8')));
  const threadNames = new Map<string, string>();
  for (const e of traceEvents)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
      threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's renderer: the process whose main thread did the most work.
  const busy = new Map<string, number>();
  for (const e of traceEvents)
    if (e.ph === 'X' && threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const mainKey = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const pid = Number(mainKey?.split(':')[0]);
  const main = new Map<string, number>();
  const others = new Map<string, number>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.pid !== pid) continue;
    const key = `${e.pid}:${e.tid}`;
    const ms = (e.dur ?? 0) / 1000;
    if (key === mainKey) {
      if (MAIN_THREAD_WORK.includes(e.name)) main.set(e.name, (main.get(e.name) ?? 0) + ms);
      if (e.name === 'RunTask') {
        main.set('(all tasks)', (main.get('(all tasks)') ?? 0) + ms);
        main.set('(all tasks, CPU)', (main.get('(all tasks, CPU)') ?? 0) + (e.tdur ?? 0) / 1000);
      }
    } else if (e.name === 'RunTask') {
      const thread = threadNames.get(key) ?? `thread ${e.tid}`;
      others.set(thread, (others.get(thread) ?? 0) + ms);
    }
  }
  return { main, others };
}
