import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { createAppCore, type AppCore } from '../../src/main/core/app-core';
import type { HistoryResult } from '../../src/shared/ipc';
import { encodeSocketFrame } from '../../src/shared/ipc/socket-frame-codec';
import { PARCEL_MIN_BYTES } from '../../src/main/browser-shell/reply-parcels';
import { builtRenderer } from '../../test/e2e/renderer/support/renderer-build';
import { launchChromium } from '../../test/support/chromium';
import { LOOPBACK_ONLY_ARGS } from '../../test/support/loopback-only';
import { startTileServer, type TileServer } from '../../test/support/tile-server';
import { readyLineSchema, type ReadyLine } from '../soak/protocol';
import { startServiceProcess } from '../support/service-process';
import { profilePage, type SelfTime } from './cpu-profile';
import { HISTORY_DRAWN_MARK } from '../../src/renderer/src/features/history/history-drawn-mark';
import { tracePage } from './page-trace';
import { figureLine, fmt, load, verdict } from './figures';
import { operatorOf } from '../../src/main/demo/demo-of-service';
import { percentile } from '../support/sample-stats';
import { jsonBaselineMs } from './json-baseline';
import { PAGE_PROBE, type ProbeResult } from './page-probe';
import { HistoryPage } from './history-page';
import {
  checkDrawnMonth,
  COLD_RUNS,
  coldThenWarm,
  ASSET,
  DAYS,
  monthScenario,
  prepareMonth,
  TARGET_COLD_MS,
  TARGET_WARM_MS,
  targetsLine,
  VIEWPORT,
  type MonthScenario,
} from './month-scenario';
import { coreLog } from '../support/core-log';

const RESULTS = join(process.cwd(), 'test-results');
const SCREENSHOT = join(RESULTS, 'bench-history-app-30-days.png');

interface Opened {
  readonly probe: ProbeResult;
  /** The core's history.get, handler entry to answer (Node's clock). */
  readonly coreMs: number;
  readonly answer: HistoryResult;
}

/** One fresh app: its own data folder (an empty cache), its own core, a fresh browser profile. */
class FreshApp {
  private coreCalls: { ms: number; answer: HistoryResult }[] = [];

  private constructor(
    private readonly dataDir: string,
    readonly shell: BrowserShell,
    readonly page: Page,
    readonly history: HistoryPage,
  ) {}

  static async open(
    browser: Browser,
    service: ReadyLine,
    rendererDir: string,
    tiles: TileServer,
  ): Promise<FreshApp> {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-history-app-'));
    let app: FreshApp | null = null;
    // The real core; only its history.get is wrapped, to time the core's share in Node.
    const timed = (core: AppCore): AppCore => {
      const get = core.handlers['history.get'];
      return {
        ...core,
        handlers: {
          ...core.handlers,
          'history.get': async (args) => {
            const t0 = performance.now();
            const answer = await get(args);
            app?.coreCalls.push({ ms: performance.now() - t0, answer });
            return answer;
          },
        },
      };
    };
    const shell = await startBrowserShell({
      dataDir,
      renderer: { dir: rendererDir },
      demoService: service,
      log: coreLog,
      createCore: (options) => timed(createAppCore(options)),
    });
    await shell.core.handlers['settings.set']({ tileUrl: tiles.template, tileAttribution: 'Bench tiles' });
    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`  page error: ${err.message}`));
    await page.goto(shell.url);
    app = new FreshApp(dataDir, shell, page, await HistoryPage.open(page));
    return app;
  }

  /** Times the operator's action on the History screen, with the core's share of it. */
  async timed(action: () => Promise<void>): Promise<Opened> {
    this.coreCalls = [];
    const probe = await this.history.timed(action);
    const call = this.coreCalls.at(-1);
    if (!call) throw new Error('the page drew a history the core was never asked for');
    return { probe, coreMs: call.ms, answer: call.answer };
  }

  async close(): Promise<void> {
    await this.page.context().close();
    await this.shell.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The browser shell's open: the month drawn, and the probe saw the request and the reply on the bridge. */
function checkMonth(opened: Opened, scenario: MonthScenario, source: 'network' | 'cache'): void {
  checkDrawnMonth(opened.probe, scenario, source, opened.answer.points.t.length);
  if (opened.probe.sent === null || opened.probe.replied === null)
    throw new Error('the probe missed the request or the reply');
}

interface Split {
  readonly total: number;
  readonly frame: number;
  readonly uiToSend: number;
  readonly sendToReply: number;
  readonly core: number;
  readonly replyToDrawn: number;
  readonly drawnToSettled: number;
  readonly settledToFrame: number;
  /** Click → the frame after the side panel and the chart took the history: the whole screen. */
  readonly screen: number;
  readonly draw: number;
  readonly draws: number;
}

function splitOf(o: Opened): Split {
  const p = o.probe;
  const click = p.click!;
  return {
    total: p.drawnAt - click,
    frame: p.frameAt - click,
    uiToSend: p.sent! - click,
    sendToReply: p.replied!.at - p.sent!,
    core: o.coreMs,
    replyToDrawn: p.drawnAt - p.replied!.at,
    drawnToSettled: p.settledAt - p.drawnAt,
    settledToFrame: p.frameAt - p.settledAt,
    screen: p.panelsFrameAt - click,
    draw: p.detail.drawMs,
    draws: p.detail.draws,
  };
}

const median = (splits: readonly Split[], key: keyof Split): number =>
  percentile(
    splits.map((s) => s[key]),
    50,
  );

function printSplits(label: string, splits: readonly Split[]): void {
  if (splits.length === 0) return;
  const m = (k: keyof Split): string => fmt(median(splits, k)).padStart(4);
  console.log(
    `  ${label} medians: click→request sent ${m('uiToSend')} ms | request→reply in page ${m('sendToReply')} ms ` +
      `(core's history.get ${m('core')} ms, the rest the bridge's frame, socket and parcel) | reply→drawn ` +
      `${m('replyToDrawn')} ms (parse, derive, of which ${m('draws')} canvas draw(s) ${m('draw')} ms) | drawn→the end of ` +
      `that flush ${m('drawnToSettled')} ms | →next frame ${m('settledToFrame')} ms | click→the whole screen ` +
      `(side panel and chart, a frame later) ${m('screen')} ms`,
  );
}

function printProfile(label: string, top: readonly SelfTime[], path: string): void {
  console.log(`  ${label}: the page's main thread by self time (${path})`);
  for (const t of top) console.log(`    ${fmt(t.ms).padStart(6)} ms  ${t.where}`);
}

/** --profile: one more fresh app, its cold and a warm open sampled by Chromium's profiler (untimed). */
async function profileOpens(
  browser: Browser,
  ready: ReadyLine,
  rendererDir: string,
  tiles: TileServer,
  month: MonthScenario,
): Promise<void> {
  const app = await FreshApp.open(browser, ready, rendererDir, tiles);
  try {
    await prepareMonth(app.history, month, (choose) => app.timed(choose));
    for (const kind of ['cold', 'warm'] as const) {
      if (kind === 'warm') await app.timed(() => app.history.clickShow());
      const path = join(RESULTS, `bench-history-app-${kind}.cpuprofile`);
      const top = await profilePage(app.page, path, async () => {
        const opened = await app.timed(() => app.history.clickShow());
        checkMonth(opened, month, kind === 'cold' ? 'network' : 'cache');
      });
      printProfile(`${kind} open, profiled`, top, path);
    }
    const tracePath = join(RESULTS, 'bench-history-app-warm.trace.json');
    const trace = await tracePage(
      browser,
      app.page,
      tracePath,
      async () => {
        checkMonth(await app.timed(() => app.history.clickShow()), month, 'cache');
      },
      HISTORY_DRAWN_MARK,
    );
    const list = (m: ReadonlyMap<string, number>): string =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .map(([k, ms]) => `${k} ${fmt(ms)}`)
        .join(', ');
    console.log(`  warm open, traced (${tracePath}), ms:`);
    console.log(`    the page's main thread: ${list(trace.main)}`);
    console.log(`    its other threads: ${list(trace.others)}`);
    if (trace.gap) {
      const { gap } = trace;
      console.log(
        `    the drawn mark → the end of its task: ${fmt(gap.restOfTaskMs)} ms; the longest events in it:`,
      );
      for (const t of gap.restOfTask.slice(0, 6)) console.log(`      ${fmt(t.ms).padStart(6)}  ${t.what}`);
      console.log(
        `    the drawn mark's task → the next animation frame: ${fmt(gap.ms)} ms, the main thread idle ` +
          `${fmt(gap.mainIdleMs)} ms of it; its work in it (outermost events):`,
      );
      for (const t of gap.mainWork.slice(0, 12)) console.log(`      ${fmt(t.ms).padStart(6)}  ${t.what}`);
      console.log(`    busy in it: ${list(new Map([...gap.threads].filter(([, ms]) => ms >= 1)))}`);
      console.log(`    sampled on the main thread from the mark to that frame (self time):`);
      for (const t of gap.sampled.slice(0, 12)) console.log(`      ${fmt(t.ms).padStart(6)}  ${t.what}`);
    }
  } finally {
    await app.close();
  }
}

interface TimedOpens {
  readonly browser: Browser;
  readonly ready: ReadyLine;
  readonly token: string;
  readonly rendererDir: string;
  readonly tiles: TileServer;
  readonly month: MonthScenario;
}

/** 1 + COLD_RUNS fresh apps each opening the month cold, then warm opens; prints the figures and targets. */
async function timedOpens({ browser, ready, token, rendererDir, tiles, month }: TimedOpens): Promise<void> {
  const { start, end } = month;
  console.log(
    `bench:history --app — ${DAYS} days of asset ${ASSET} (${month.name}) from the click on Show to the track ` +
      `drawn: browser shell (core in Node), built renderer in Chromium, service in its own process`,
  );
  console.log(`  ${load()} at start`);
  const cold: Split[] = [];
  const warm: Split[] = [];
  const baseline: number[] = [];
  let first: Split | null = null;
  let answer: HistoryResult | null = null;
  /** The track's vertices after thinning (speed-track.ts), and the segments stroked, at the fitted view. */
  let kept = Number.NaN;
  let stroked = Number.NaN;
  for (let run = 0; run <= COLD_RUNS; run++) {
    baseline.push(await jsonBaselineMs(ready, token, ASSET, start, end));
    const app = await FreshApp.open(browser, ready, rendererDir, tiles);
    try {
      const opens = await coldThenWarm(
        app.history,
        month,
        (action) => app.timed(action),
        (opened, source) => checkMonth(opened, month, source),
      );
      const split = splitOf(opens.cold);
      answer = opens.cold.answer;
      if (run === 0) first = split;
      else cold.push(split);
      console.log(
        `  run ${run}: cold ${fmt(split.total)} ms to drawn (${fmt(split.frame)} ms to the next frame), ` +
          `core ${fmt(split.core)} ms; ${load()}`,
      );
      warm.push(...opens.warm.map(splitOf));
      // After the warm opens, which drew the same month in the same fitted view.
      if (run === COLD_RUNS) {
        mkdirSync(RESULTS, { recursive: true });
        await app.page.screenshot({ path: SCREENSHOT });
        const map = app.page.locator('[data-testid="history-map"]');
        kept = Number(await map.getAttribute('data-drawn-points'));
        stroked = Number(await map.getAttribute('data-stroked-segments'));
      }
    } finally {
      await app.close();
    }
  }

  const points = answer?.points.t.length ?? 0;
  console.log(
    `  ${fmt(points)} points drawn: ${fmt(kept)} vertices after thinning, ${fmt(stroked)} segments stroked after ` +
      `overdraw culling; screenshot ${SCREENSHOT}`,
  );
  console.log(`  first cold run after service start: ${fmt(first?.total ?? Number.NaN)} ms`);
  const pick = (xs: readonly Split[], k: keyof Split): number[] => xs.map((s) => s[k]);
  console.log(figureLine('cold: click → drawn mark', pick(cold, 'total'), 38));
  console.log(figureLine('cold: click → next frame (on screen)', pick(cold, 'frame'), 38));
  console.log(figureLine('cold: click → the whole screen', pick(cold, 'screen'), 38));
  console.log(figureLine("cold: the core's history.get alone", pick(cold, 'core'), 38));
  console.log(figureLine('warm: click → drawn mark', pick(warm, 'total'), 38));
  console.log(figureLine('warm: click → next frame (on screen)', pick(warm, 'frame'), 38));
  console.log(figureLine('warm: click → the whole screen', pick(warm, 'screen'), 38));
  console.log(figureLine("warm: the core's history.get alone", pick(warm, 'core'), 38));
  console.log(figureLine('baseline (JSON bytes over HTTP only)', baseline.slice(1), 38));
  printSplits('cold', cold);
  printSplits('warm', warm);
  if (answer) {
    // The browser shell's bridge carries the answer as a binary frame; Electron's IPC structured-clones it.
    const t0 = performance.now();
    const frame = encodeSocketFrame({ type: 'reply', id: 1, reply: { ok: true, value: answer } });
    const encodeMs = performance.now() - t0;
    const columnBytes = Object.values(answer.points).reduce((sum, c) => sum + c.byteLength, 0);
    const t1 = performance.now();
    structuredClone(answer);
    const cloneMs = performance.now() - t1;
    console.log(
      `  the month through the bridge: a ${fmt(frame.length / 1e6, 1)} MB frame (its columns ` +
        `${fmt(columnBytes / 1e6, 1)} MB as typed arrays), encoded in ${fmt(encodeMs)} ms in Node` +
        `${frame.length >= PARCEL_MIN_BYTES ? ', fetched by the page as a parcel over HTTP' : ''}; ` +
        `Electron's structured clone of it: ${fmt(cloneMs)} ms`,
    );
  }
  const base = percentile(baseline.slice(1), 50);
  const coldMedian = percentile(pick(cold, 'total'), 50);
  const warmMedian = percentile(pick(warm, 'total'), 50);
  console.log(
    `  ratios (medians): cold app/baseline ${fmt(coldMedian / base, 2)}×, cold app/core ` +
      `${fmt(coldMedian / percentile(pick(cold, 'core'), 50), 2)}×, warm app/core ` +
      `${fmt(warmMedian / percentile(pick(warm, 'core'), 50), 2)}×`,
  );
  // The mark comes when the canvas has been given the track; Chromium rasterizes a 2D canvas when it
  // makes the next frame, so the track is on screen only then: that is the figure the targets judge.
  const coldFrame = percentile(pick(cold, 'frame'), 50);
  const warmFrame = percentile(pick(warm, 'frame'), 50);
  console.log(
    `${targetsLine(coldFrame, warmFrame)} (to the drawn mark: cold ${verdict(coldMedian < TARGET_COLD_MS)}, ` +
      `warm ${verdict(warmMedian < TARGET_WARM_MS)})`,
  );
  console.log(`  ${load()} at end`);
}

/** `timed`: the timed opens; `profile`: those, then a profiled and traced app; `profile-only`: only that. */
export type AppMode = 'timed' | 'profile' | 'profile-only';

/**
 * bench:history --app: the whole path an operator waits through, measured in the app. See the
 * header of bench/history.bench.ts.
 */
export async function runAppMode(mode: AppMode): Promise<void> {
  const { child, ready } = await startServiceProcess([], readyLineSchema);
  const hardStop = setTimeout(() => {
    console.error('bench:history --app took too long; giving up');
    child.kill('SIGTERM');
    process.exit(2);
  }, 15 * 60_000);
  hardStop.unref();
  const tiles = await startTileServer();
  let browser: Browser | null = null;
  try {
    const operator = operatorOf(ready);
    const month = await monthScenario(ready, operator.token);
    const rendererDir = await builtRenderer();
    browser = await launchChromium(LOOPBACK_ONLY_ARGS);

    if (mode !== 'profile-only') {
      await timedOpens({ browser, ready, token: operator.token, rendererDir, tiles, month });
    }
    if (mode !== 'timed') await profileOpens(browser, ready, rendererDir, tiles, month);
  } finally {
    await browser?.close();
    await tiles.stop();
    child.kill('SIGTERM');
  }
}
