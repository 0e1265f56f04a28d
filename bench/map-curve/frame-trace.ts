import type { Browser, Page } from 'playwright-core';
import { traceSchema } from '../history/page-trace';

export interface ThreadCpu {
  /** CPU time of the page's main thread over the trace, ms: every task it ran (script, style, layout, paint, canvas). */
  readonly mainMs: number;
  /** The same for the page's dedicated workers (the fleet's painter), ms. */
  readonly workerMs: number;
  /**
   * The same for Chromium's GPU process, its main and compositor threads, ms: with software rendering it
   * composites every changed layer on the CPU (a GPU takes that over in an operator's Electron).
   */
  readonly gpuMs: number;
}

/**
 * A Chromium trace of the page from now until the answer is called: the CPU time its main thread and its
 * workers spent in tasks. Less sensitive to the machine's load than frame times are (a task waiting for
 * a core costs wall time, not CPU time).
 */
export async function traceThreadCpu(browser: Browser, page: Page): Promise<() => Promise<ThreadCpu>> {
  await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
  return async () => {
    const buffer = await browser.stopTracing();
    const { traceEvents } = traceSchema.parse(JSON.parse(buffer.toString('utf8')));
    const names = new Map<string, string>();
    for (const e of traceEvents)
      if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
        names.set(`${e.pid}:${e.tid}`, e.args.name);
    const tasks = traceEvents.filter((e) => e.ph === 'X' && e.name.endsWith('RunTask'));
    const cpu = (e: (typeof tasks)[number]): number => (e.tdur ?? e.dur ?? 0) / 1000;
    // The page's renderer: the process whose main thread ran the most.
    const busy = new Map<number, number>();
    for (const e of tasks)
      if (names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
        busy.set(e.pid, (busy.get(e.pid) ?? 0) + cpu(e));
    const pid = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
    let mainMs = 0;
    let workerMs = 0;
    let gpuMs = 0;
    for (const e of tasks) {
      const name = names.get(`${e.pid}:${e.tid}`) ?? '';
      if (name === 'CrGpuMain' || name === 'VizCompositorThread') gpuMs += cpu(e);
      if (e.pid !== pid) continue;
      if (name === 'CrRendererMain') mainMs += cpu(e);
      else if (name.startsWith('DedicatedWorker')) workerMs += cpu(e);
    }
    return { mainMs, workerMs, gpuMs };
  };
}
