/**
 * Opening a 30-day history (docs/architecture.md §3): asset 1 of the simulated
 * fleet reports every 10 s, 259,200 points. The local service runs in its own
 * process, as it does for the app, and the core asks it over real HTTP.
 *
 * - cold: a fresh, empty cache; `history.get` fetches, decodes and stores the
 *   month, reads it back as columns, and the answer is structured-cloned as
 *   Electron's IPC does on its way to the renderer. Target < 1 s. Measured
 *   with the columns form the local service offers (docs/interface-decisions.md
 *   "History as columns") and, as a service that only speaks the spec's JSON
 *   would answer, with JSON.
 * - warm: the same range again from the SQLite cache, cloned the same way.
 *   Target < 150 ms. The cache is written just after a cold answer is sent
 *   (history-service.ts); one untimed open after each cold one waits for that
 *   and checks the cache gives the same month.
 * - baseline (same run): the same month's JSON bytes (the spec's form)
 *   received over HTTP and nothing done with them, in the same week-sized
 *   requests the core makes: what any client pays before doing anything.
 * - a Laravel service's forms (bench/history/laravel-forms.ts): one week of the month as such a service
 *   writes it, with and without model casts, read by the core's decoder against JSON.parse and the schema
 *   on the same bytes.
 *
 * The service keeps running between cold runs (as it does for an operator): its
 * simulator's day plans are cached after the first request, so the first cold
 * run is printed on its own. "ready to draw" adds what the History screen
 * derives from the answer before it draws (gaps, stops, idle, summary:
 * loaded-history.ts, run here in Node); the canvas drawing of the same
 * 30-day track is bench:map's "replay track" figure.
 *
 * --app: the whole path an operator waits through, in the app (bench/history/app-mode.ts). The
 * browser shell (the real core in this process, its bridge socket, the built renderer) and the page
 * in Chromium, signed in to the demo on the same service process. Each run is a fresh app: an empty
 * data folder (nothing cached) and a fresh browser profile. On the History screen the bench picks
 * asset 1 with the range form on an hour three days before the month (so the month stays uncached),
 * fills in the month and clicks Show; it times, on the page's clock, from that click's event to the
 * History map's User Timing mark "fleetdesk:history-drawn" (history-drawn-mark.ts: set once the
 * loaded history is on the canvas) and to the first animation frame after it (the frame that shows
 * it: Chromium rasterizes a 2D canvas after the task that drew it, before that frame, so the track
 * is on screen only then, and the targets are judged on it). The mark's detail must say
 * the track drawn is the month, all its points, from the network (cold) or the cache (warm). Then Show again: one untimed open
 * (it waits for the cache write), two timed warm ones. 1 + 5 cold runs, 12 warm. The path is split
 * into click → request on the bridge socket, request → reply in the page (with the core's own
 * history.get, timed in Node), reply → drawn (the frame's decoding, derivations, the canvas draws the
 * mark counts), drawn → the end of Vue's flush, and → the next frame (the rest of the drawing task,
 * the canvas's raster, then the frame); and click → the whole screen: the side panel and the speed
 * chart take the history a frame after the map (after-paint.ts), and the frame after they have it
 * ends that figure. Same-run baselines: the JSON bytes above, and the core's
 * history.get alone. --profile adds one untimed fresh app whose cold and warm opens are sampled by
 * Chromium's profiler and whose warm open is traced (test-results/bench-history-app-*); --profile-only
 * runs only that app. The
 * browser shell carries the answer as a binary frame over a WebSocket (src/shared/ipc/socket-frame-codec.ts);
 * Electron's IPC structured-clones it instead, which the bench prints beside the frame's size and
 * encoding time for the same month.
 *
 * --electron: the same month's cold and warm opens in the real Electron app (bench/history/electron-mode.ts:
 * `npm run build`'s out/, a fresh profile per run, signed in with a token to the same service process,
 * tiles from the bench's tile server, the window at --app's viewport). Only the page's clock is read:
 * the click, the drawn mark, the frame after it. Without an Electron binary (this build machine) it
 * says so and measures nothing; the long-runs workflow runs it on Linux, Windows and macOS.
 *
 * Run: npm run bench:history
 *      npm run bench:history -- --app [--profile | --profile-only]
 *      npm run build && npm run bench:history -- --electron
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createFleetApi } from '../src/main/core/api/fleet-api';
import { createHttpClient } from '../src/main/core/api/http-client';
import { openOfflineCache } from '../src/main/core/cache/offline-cache';
import { createHistoryService, SETTLE_MS } from '../src/main/core/history/history-service';
import { deriveLoadedHistory } from '../src/renderer/src/features/history/loaded-history';
import type { HistoryResult } from '../src/shared/ipc';
import { runAppMode } from './history/app-mode';
import { runElectronMode } from './history/electron-mode';
import { figureLine as line, fmt, load, verdict } from './history/figures';
import { percentile } from './support/sample-stats';
import { jsonBaselineMs } from './history/json-baseline';
import { benchLaravelForms } from './history/laravel-forms';
import { startServiceProcess } from './support/service-process';

const ASSET = 1;
const DAYS = 30;
const DAY = 86_400_000;
const COLD_RUNS = 7;
const JSON_RUNS = 5;
const WARM_RUNS = 15;
const TARGET_COLD_MS = 1000;
const TARGET_WARM_MS = 150;

const readyLineSchema = z.object({
  api_url: z.string(),
  account_key: z.string(),
  users: z.array(z.object({ token: z.string(), asset_ids: z.array(z.int()).nullable() })).min(1),
});

/**
 * Everything the History screen derives from an answer, the summary and the idle stretches included
 * (loaded-history.ts derives those two when first read: the panel reads them a frame after the track).
 */
function deriveEverything(answer: HistoryResult, askedAt: number): unknown {
  const loaded = deriveLoadedHistory(answer, askedAt);
  return [loaded.summary, loaded.idle];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-history-bench-'));
  const { child, ready } = await startServiceProcess([], readyLineSchema);
  const hardStop = setTimeout(() => {
    console.error('bench:history took too long; giving up');
    child.kill('SIGTERM');
    process.exit(2);
  }, 10 * 60_000);
  hardStop.unref();
  try {
    const operator = ready.users.find((u) => u.asset_ids === null);
    if (!operator) throw new Error('no operator in the ready line');
    const endpoints = { apiUrl: ready.api_url, accountKey: ready.account_key };
    const fleet = createFleetApi(createHttpClient({ getToken: () => operator.token }), endpoints);
    // As a service that knows only the spec's JSON answers: whatever the core asks for, JSON comes back.
    const jsonOnly: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Accept', 'application/json');
      return fetch(input, { ...init, headers });
    };
    const jsonFleet = createFleetApi(
      createHttpClient({ getToken: () => operator.token, fetch: jsonOnly }),
      endpoints,
    );
    // Ends before the settle window (history-service.ts SETTLE_MS): a range up to "now" leaves its last
    // two minutes uncovered, and every warm open would fetch them again (a small, separate request).
    const end = Date.now() - SETTLE_MS - 60_000;
    const start = end - DAYS * DAY;

    console.log(`bench:history — ${DAYS} days of asset ${ASSET}, service in its own process`);
    console.log(`  ${load()} at start`);

    const cold: number[] = [];
    const drawable: number[] = [];
    const coldJson: number[] = [];
    const warm: number[] = [];
    const warmDrawable: number[] = [];
    const baseline: number[] = [];
    let points = 0;
    for (let run = 0; run < COLD_RUNS; run++) {
      baseline.push(await jsonBaselineMs(ready, operator.token, ASSET, start, end));
      const cache = openOfflineCache(join(dir, `cold-${run}.db`));
      const history = createHistoryService({ cache, fleet: () => fleet });
      const t0 = performance.now();
      const answer = structuredClone(await history.get(ASSET, start, end));
      cold.push(performance.now() - t0);
      deriveEverything(answer, end);
      drawable.push(performance.now() - t0);
      if (answer.coverage.source !== 'network')
        throw new Error(`cold run came from ${answer.coverage.source}`);
      points = answer.points.t.length;
      // The cache is written just after the answer goes out; the next open waits for that, and reads it.
      const stored = await history.get(ASSET, start, end);
      if (stored.coverage.source !== 'cache' || stored.points.t.length !== points)
        throw new Error(`the open after a cold one came from ${stored.coverage.source}`);
      if (run === COLD_RUNS - 1)
        for (let w = 0; w < WARM_RUNS; w++) {
          const w0 = performance.now();
          const again = structuredClone(await history.get(ASSET, start, end));
          warm.push(performance.now() - w0);
          deriveEverything(again, end);
          warmDrawable.push(performance.now() - w0);
          if (again.coverage.source !== 'cache' || again.points.t.length !== points)
            throw new Error(
              `warm run came from ${again.coverage.source} with ${again.points.t.length} points`,
            );
        }
      cache.close();
    }
    for (let run = 0; run < JSON_RUNS; run++) {
      const cache = openOfflineCache(join(dir, `json-${run}.db`));
      const history = createHistoryService({ cache, fleet: () => jsonFleet });
      const t0 = performance.now();
      const answer = structuredClone(await history.get(ASSET, start, end));
      coldJson.push(performance.now() - t0);
      if (answer.points.t.length !== points)
        throw new Error(`JSON gave ${answer.points.t.length} points, columns ${points}`);
      await history.get(ASSET, start, end);
      cache.close();
    }

    console.log(`  ${fmt(points)} points`);
    console.log(`  first cold run after service start: ${fmt(cold[0] ?? Number.NaN)} ms`);
    const steady = cold.slice(1);
    console.log(line('cold (empty cache → columns cloned)', steady));
    console.log(line('cold, then ready to draw', drawable.slice(1)));
    console.log(line('cold, a JSON-only service', coldJson));
    console.log(line('warm (SQLite cache → columns cloned)', warm));
    console.log(line('warm, then ready to draw', warmDrawable));
    console.log(line('baseline (JSON bytes over HTTP only)', baseline.slice(1)));
    const base = percentile(baseline.slice(1), 50);
    console.log(
      `  ratio cold/baseline: ${fmt(percentile(steady, 50) / base, 2)}× (columns), ` +
        `${fmt(percentile(coldJson, 50) / base, 2)}× (JSON)`,
    );
    console.log(
      `  targets (medians, ready to draw; the draw itself is bench:map's): cold < ${TARGET_COLD_MS} ms ` +
        `${verdict(percentile(drawable.slice(1), 50) < TARGET_COLD_MS)}, warm < ${TARGET_WARM_MS} ms ` +
        `${verdict(percentile(warmDrawable, 50) < TARGET_WARM_MS)}; a JSON-only service, cold < ` +
        `${TARGET_COLD_MS} ms before drawing: ${verdict(percentile(coldJson, 50) < TARGET_COLD_MS)}`,
    );
    const week = await fetch(
      `${ready.api_url}/api/${ready.account_key}/asset/${ASSET}/history` +
        `?start=${new Date(end - 7 * DAY).toISOString()}&end=${new Date(end).toISOString()}`,
      { headers: { Authorization: `Bearer ${operator.token}`, Accept: 'application/json' } },
    );
    benchLaravelForms(await week.text());
    console.log(`  ${load()} at end`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--electron')) await runElectronMode();
else if (process.argv.includes('--app'))
  await runAppMode(
    process.argv.includes('--profile-only')
      ? 'profile-only'
      : process.argv.includes('--profile')
        ? 'profile'
        : 'timed',
  );
else await main();
