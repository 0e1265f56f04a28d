import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openSettings, saveSettings, signInWithToken } from '../../test/e2e/renderer/support/operator';
import { launchFleetdesk, type SmokeApp } from '../../test/electron-smoke/support/launch';
import { builtTarget, targetOrSkipReason } from '../../test/electron-smoke/support/smoke-targets';
import { startTileServer } from '../../test/support/tile-server';
import { operatorOf } from '../../src/main/demo/demo-of-service';
import type { ReadyInfo, ReadyUser } from '../../src/server';
import { readyLineSchema } from '../soak/protocol';
import { percentile } from '../support/sample-stats';
import { startServiceProcess } from '../support/service-process';
import { figureLine, fmt, load } from './figures';
import { HistoryPage, PATIENT } from './history-page';
import { jsonBaselineMs } from './json-baseline';
import {
  ASSET,
  checkDrawnMonth,
  COLD_RUNS,
  coldThenWarm,
  DAYS,
  monthScenario,
  targetsLine,
  VIEWPORT,
  type MonthScenario,
} from './month-scenario';
import { PAGE_PROBE, type ProbeResult } from './page-probe';

const RESULTS = join(process.cwd(), 'test-results');
const SCREENSHOT = join(RESULTS, 'bench-history-electron-30-days.png');
const FAILED_SCREENSHOT = join(RESULTS, 'bench-history-electron-failed.png');

/** What the open cost in the page: the click to the drawn mark, and to the frame that shows it. */
interface Open {
  readonly drawn: number;
  readonly frame: number;
}

const openOf = (p: ProbeResult): Open => ({ drawn: p.drawnAt - p.click!, frame: p.frameAt - p.click! });

/** The map tiles from the bench's own tile server, set as an operator sets them. */
async function useTiles(page: Page, template: string): Promise<void> {
  const dialog = await openSettings(page);
  await dialog.getByLabel('Tile URL template').fill(template);
  await saveSettings(dialog);
}

/**
 * In a fresh app's window (the Demo signed in by itself): a token sign-in to `service`, its tiles from
 * `tileTemplate`, then the month shown cold and, after one untimed open that waits for the cache
 * write, WARM_PER_RUN times warm. Only the page is driven, so the browser shell runs it too
 * (test/e2e/renderer/history-bench-flow.test.ts).
 */
export async function openMonth(
  page: Page,
  service: ReadyInfo,
  operator: ReadyUser,
  tileTemplate: string,
  month: MonthScenario,
): Promise<{ cold: ProbeResult; warm: ProbeResult[] }> {
  await page.getByRole('navigation', { name: 'Screens' }).waitFor(PATIENT);
  await signInWithToken(page, service, operator);
  await useTiles(page, tileTemplate);
  // After the launch's reload: the probe lives in the page's window.
  await page.evaluate(PAGE_PROBE);
  const history = await HistoryPage.open(page);
  return coldThenWarm(
    history,
    month,
    (action) => history.timed(action),
    (opened, source) => checkDrawnMonth(opened, month, source),
  );
}

/** Electron's own account of how it draws: its version, and whether 2D canvas and raster are on the GPU. */
async function electronFacts(app: SmokeApp): Promise<string> {
  if (!app.main) return 'Electron (no main-process access)';
  return app.main.evaluate(({ app: electronApp }) => {
    const gpu = electronApp.getGPUFeatureStatus();
    return `Electron ${process.versions.electron} (Chromium ${process.versions.chrome}) on ${process.platform}; 2D canvas ${gpu['2d_canvas']}, raster ${gpu.rasterization}`;
  });
}

/**
 * bench:history --electron: the month's cold and warm opens of bench:history --app, in the real
 * Electron app (`npm run build`'s out/, launched as the smoke suite launches it), so the answer
 * crosses Electron's IPC rather than the browser shell's socket and the canvas is drawn as the
 * installed app draws it. Signed in as a Remote profile to the same service process the other modes
 * start. Where no Electron binary is installed (the build machine) it says so and measures nothing;
 * hosted CI runs it (.github/workflows/long-runs.yml).
 */
export async function runElectronMode(): Promise<void> {
  // With FLEETDESK_SMOKE_REQUIRED (hosted CI) a missing binary or build throws instead.
  const { target, skipReason } = targetOrSkipReason(builtTarget());
  if (target === null) {
    console.log(`bench:history --electron: skipped, ${skipReason}`);
    return;
  }
  const { child, ready } = await startServiceProcess([], readyLineSchema);
  const tiles = await startTileServer();
  try {
    const operator = operatorOf(ready);
    const month = await monthScenario(ready, operator.token);
    console.log(
      `bench:history --electron — ${DAYS} days of asset ${ASSET} (${month.name}) from the click on Show to ` +
        `the track drawn, in the built Electron app; service in its own process`,
    );
    console.log(`  ${load()} at start`);
    const cold: Open[] = [];
    const warm: Open[] = [];
    const baseline: number[] = [];
    let facts = '';
    for (let run = 0; run <= COLD_RUNS; run++) {
      baseline.push(await jsonBaselineMs(ready, operator.token, ASSET, month.start, month.end));
      // A profile of its own each run: an empty cache, as a first open on a new PC.
      const userData = mkdtempSync(join(tmpdir(), 'fleetdesk-history-electron-'));
      const app = await launchFleetdesk(target, userData);
      try {
        const { page } = app;
        // The browser-shell mode's viewport, so the fitted month is drawn at the same size.
        await app.main?.evaluate(({ BrowserWindow }, size) => {
          BrowserWindow.getAllWindows()[0]?.setContentSize(size.width, size.height);
        }, VIEWPORT);
        const opens = await openMonth(page, ready, operator, tiles.template, month);
        const first = openOf(opens.cold);
        if (run > 0) {
          cold.push(first);
          warm.push(...opens.warm.map(openOf));
        }
        console.log(
          `  run ${run}: cold ${fmt(first.drawn)} ms to drawn (${fmt(first.frame)} ms to the next frame), ` +
            `${fmt(opens.cold.detail.points)} points; ${load()}`,
        );
        if (run === COLD_RUNS) {
          facts = await electronFacts(app);
          mkdirSync(RESULTS, { recursive: true });
          await page.screenshot({ path: SCREENSHOT });
        }
      } catch (err) {
        // Blind from here: hosted CI is the only place this runs, so what the app said goes to the log.
        console.error(`  run ${run} failed; the app's output:\n${app.output().slice(-8000)}`);
        mkdirSync(RESULTS, { recursive: true });
        await app.page.screenshot({ path: FAILED_SCREENSHOT }).catch(() => undefined);
        throw err;
      } finally {
        await app.quit();
        // Windows may hold the profile's files a moment after the process exits.
        rmSync(userData, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    }
    console.log(`  ${facts}; screenshot ${SCREENSHOT}`);
    const pick = (xs: readonly Open[], k: keyof Open): number[] => xs.map((o) => o[k]);
    console.log(figureLine('cold: click → drawn mark', pick(cold, 'drawn'), 38));
    console.log(figureLine('cold: click → next frame (on screen)', pick(cold, 'frame'), 38));
    console.log(figureLine('warm: click → drawn mark', pick(warm, 'drawn'), 38));
    console.log(figureLine('warm: click → next frame (on screen)', pick(warm, 'frame'), 38));
    console.log(figureLine('baseline (JSON bytes over HTTP only)', baseline.slice(1), 38));
    const coldFrame = percentile(pick(cold, 'frame'), 50);
    const warmFrame = percentile(pick(warm, 'frame'), 50);
    console.log(
      `  ratios (medians): cold app/baseline ${fmt(coldFrame / percentile(baseline.slice(1), 50), 2)}×, ` +
        `warm/cold ${fmt(warmFrame / coldFrame, 2)}×`,
    );
    console.log(targetsLine(coldFrame, warmFrame));
    console.log(`  ${load()} at end`);
  } finally {
    await tiles.stop();
    child.kill('SIGTERM');
  }
}
