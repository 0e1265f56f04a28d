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
      /** Microseconds on the trace's clock. */
      ts: z.number().optional(),
      dur: z.number().optional(),
      /** The thread's CPU time in the event: on a busy machine, far less than its wall time (dur). */
      tdur: z.number().optional(),
      /** Links a Profile event to its ProfileChunks. */
      id: z.union([z.string(), z.number()]).optional(),
      args: z
        .object({
          name: z.string().optional(),
          data: z
            .object({ functionName: z.string().optional(), url: z.string().optional() })
            .loose()
            .optional(),
        })
        .loose()
        .optional(),
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
  /** From the end of the task that set `gapMark` to the next animation frame on the main thread, when both were traced. */
  readonly gap: TraceGap | null;
}

/** What the page's threads did between a mark's task and the next animation frame. */
export interface TraceGap {
  readonly ms: number;
  /** The mark's own task after the mark: its wall time, and its longest events (the rest of its work). */
  readonly restOfTaskMs: number;
  readonly restOfTask: readonly { ms: number; what: string }[];
  /**
   * The main thread's work in the gap, longest first: its outermost events (a task's, or an idle
   * period's: Chromium rasterizes a canvas there) and how long each ran inside the gap.
   */
  readonly mainWork: readonly { ms: number; what: string }[];
  /** The gap's time with none of that work on the main thread. */
  readonly mainIdleMs: number;
  /** Busy time in the gap of each other thread of any process (raster, compositor, GPU, the browser's). */
  readonly threads: ReadonlyMap<string, number>;
  /** The main thread's CPU samples from the mark to that frame, by function (self time), most first. */
  readonly sampled: readonly { ms: number; what: string }[];
}

/** V8's samples as a trace carries them (disabled-by-default-v8.cpu_profiler): a Profile, then its chunks. */
const profileChunkSchema = z.object({
  data: z.object({
    cpuProfile: z
      .object({
        nodes: z
          .array(
            z.object({
              id: z.int(),
              callFrame: z.object({ functionName: z.string(), url: z.string().optional() }),
            }),
          )
          .optional(),
        samples: z.array(z.int()).optional(),
      })
      .optional(),
    timeDeltas: z.array(z.number()).optional(),
  }),
});
const profileStartSchema = z.object({ data: z.object({ startTime: z.number() }) });

/** Self time by function of the samples taken on thread `pid:tid` between `from` and `to` (µs, trace clock). */
function sampledBetween(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
  from: number,
  to: number,
): { ms: number; what: string }[] {
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const began = start && profileStartSchema.safeParse(start.args);
  if (!start || !began?.success) return [];
  const names = new Map<number, string>();
  const self = new Map<string, number>();
  let at = began.data.data.startTime;
  let previous = at;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id !== start.id) continue;
    const chunk = profileChunkSchema.safeParse(e.args);
    if (!chunk.success) continue;
    const profile = chunk.data.data.cpuProfile;
    for (const n of profile?.nodes ?? []) {
      const file = n.callFrame.url?.split('/').at(-1);
      names.set(n.id, `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`);
    }
    const deltas = chunk.data.data.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((node, k) => {
      at += deltas[k] ?? 0;
      if (at > from && at <= to) {
        const what = names.get(node) ?? `node ${node}`;
        self.set(what, (self.get(what) ?? 0) + (at - previous) / 1000);
      }
      previous = at;
    });
  }
  return [...self].map(([what, ms]) => ({ what, ms })).sort((a, b) => b.ms - a.ms);
}

type TraceEvent = z.infer<typeof traceSchema>['traceEvents'][number];

function describe(e: TraceEvent): string {
  const fn = e.args?.data?.functionName;
  const url = e.args?.data?.url?.split('/').at(-1);
  return fn || url ? `${e.name} ${fn || '(anonymous)'}${url ? ` ${url}` : ''}` : e.name;
}

/**
 * The gap after the task in which `mark` (a User Timing mark) was set until the main thread's next
 * FireAnimationFrame: which of the main thread's tasks ran in it, how busy every other thread was, and
 * what the main thread's samples from the mark itself to that frame were (the rest of the mark's own
 * task included).
 */
function gapAfterMark(
  events: readonly TraceEvent[],
  threadNames: ReadonlyMap<string, string>,
  mainKey: string,
  mark: string,
): TraceGap | null {
  const key = (e: TraceEvent): string => `${e.pid}:${e.tid}`;
  const markAt = events.find((e) => e.name === mark && e.ts !== undefined)?.ts;
  if (markAt === undefined) return null;
  // A task is a ThreadControllerImpl::RunTask; this Chromium's plain RunTask can span several tasks
  // and the idle periods between them, so it is the fallback only.
  const onMain = (name: string): TraceEvent[] =>
    events
      .filter((e) => key(e) === mainKey && e.ph === 'X' && e.name === name && e.ts !== undefined)
      .sort((a, b) => a.ts! - b.ts!);
  const holdsMark = (t: TraceEvent): boolean => t.ts! <= markAt && markAt <= t.ts! + (t.dur ?? 0);
  const markTask =
    onMain('ThreadControllerImpl::RunTask').find(holdsMark) ?? onMain('RunTask').find(holdsMark);
  const from = markTask ? markTask.ts! + (markTask.dur ?? 0) : markAt;
  const frame = events
    .filter(
      (e) => key(e) === mainKey && e.name === 'FireAnimationFrame' && e.ts !== undefined && e.ts >= from,
    )
    .sort((a, b) => a.ts! - b.ts!)[0];
  if (!frame) return null;
  const to = frame.ts!;
  const inGap = (e: TraceEvent): boolean => e.ts !== undefined && e.ts < to && e.ts + (e.dur ?? 0) > from;
  const overlapMs = (e: TraceEvent): number =>
    (Math.min(to, e.ts! + (e.dur ?? 0)) - Math.max(from, e.ts!)) / 1000;
  const wrappers = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadController active']);
  // The outermost events: each not inside one kept before it (they come sorted by start).
  const work: TraceEvent[] = [];
  for (const e of events
    .filter((e) => key(e) === mainKey && e.ph === 'X' && !wrappers.has(e.name) && inGap(e))
    .sort((a, b) => a.ts! - b.ts! || (b.dur ?? 0) - (a.dur ?? 0))) {
    const last = work.at(-1);
    if (last && e.ts! + (e.dur ?? 0) <= last.ts! + (last.dur ?? 0)) continue;
    work.push(e);
  }
  const mainWork = work.map((e) => ({ ms: overlapMs(e), what: describe(e) }));
  const threads = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || key(e) === mainKey || !inGap(e)) continue;
    const name = `${threadNames.get(key(e)) ?? `thread ${e.tid}`} (pid ${e.pid})`;
    threads.set(name, (threads.get(name) ?? 0) + overlapMs(e));
  }
  const [pid, tid] = mainKey.split(':').map(Number);
  const rest = markTask
    ? events
        .filter(
          (e) =>
            key(e) === mainKey &&
            e.ph === 'X' &&
            !wrappers.has(e.name) &&
            e.ts !== undefined &&
            e.ts >= markAt &&
            e.ts < from,
        )
        .map((e) => ({ ms: (e.dur ?? 0) / 1000, what: describe(e) }))
        .sort((a, b) => b.ms - a.ms)
    : [];
  return {
    ms: (to - from) / 1000,
    restOfTaskMs: (from - markAt) / 1000,
    restOfTask: rest,
    mainWork: mainWork.sort((a, b) => b.ms - a.ms),
    mainIdleMs: (to - from) / 1000 - mainWork.reduce((sum, w) => sum + w.ms, 0),
    threads,
    sampled: sampledBetween(events, pid!, tid!, markAt, to),
  };
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
  gapMark?: string,
): Promise<TraceSplit> {
  await browser.startTracing(page, {
    // Every default category: the canvas's raster (blink's CanvasRenderingContext2D::FinalizeFrame) is
    // in none of DevTools' own.
    categories: [
      '*',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
      // Skia's draw calls inside the canvas's raster (FinalizeFrame): which paths the time went to.
      'disabled-by-default-skia',
    ],
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
  const gap = gapMark && mainKey ? gapAfterMark(traceEvents, threadNames, mainKey, gapMark) : null;
  return { main, others, gap };
}
