/**
 * docs/architecture.md §3, the SQLite part: insert rate of live batches and of a
 * 259,200-point history fetch, each against a bare better-sqlite3
 * prepared-insert loop measured in the same run on the same disk, and the
 * time to read one asset-day back. Also the row-per-fix layout the cache
 * chose not to use, read the same way, so the choice stays justified. And a live message parsed in a
 * Laravel service's types against the spec's (bench/core/vendor-payloads.ts).
 *
 * Run: npm run bench:core                     (then the live part at 10,000 assets)
 *      npm run bench:core -- --curve          (the live part alone at 1k … 100k assets; see core-live.bench.ts)
 *      npm run bench:core -- --assets 50000   (the live part alone at the sizes given)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startLocalService } from '../src/server';
import { createFleetApi } from '../src/main/core/api/fleet-api';
import { createHttpClient } from '../src/main/core/api/http-client';
import { openOfflineCache } from '../src/main/core/cache/offline-cache';
import { allocateColumns } from '../src/main/core/cache/history-columns';
import type { LivePosition } from '../src/shared/ipc/views';
import { liveArgs, runLiveBench } from './core-live.bench';
import { benchVendorPayloads } from './core/vendor-payloads';
import { median } from './support/sample-stats';

const ASSETS = 10_000;
const LIVE_BATCHES = 20;
const FETCH_POINTS = 259_200; // three days at 1 Hz
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-core-bench-'));
const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
const rate = (points: number, millis: number): number => Math.round((points / millis) * 1000);
const fmt = (n: number): string => n.toLocaleString('en-US');

function openBare(name: string): Database.Database {
  const db = new Database(join(dir, name));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE fixes (asset_id INTEGER, t INTEGER, lat REAL, lon REAL, alt REAL, speed REAL,
    heading REAL, odometer REAL, ignition INTEGER, satellites INTEGER)`);
  return db;
}

/** The baseline: one prepared INSERT per point, one transaction, a table without indexes. */
function bareInsertRate(points: number, name: string): number {
  const db = openBare(name);
  const insert = db.prepare('INSERT INTO fixes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const start = process.hrtime.bigint();
  db.transaction(() => {
    for (let i = 0; i < points; i++)
      insert.run(1 + (i % ASSETS), T0 + i, 45 + i * 1e-7, 9 + i * 1e-7, 120, 40, 90, 1000 + i, 1, 9);
  })();
  const r = rate(points, ms(start));
  db.close();
  return r;
}

function liveBatch(b: number): LivePosition[] {
  return Array.from({ length: ASSETS }, (_, i) => ({
    assetId: i + 1,
    lat: 45.4 + i * 1e-5,
    lon: 9.1 + b * 1e-5,
    speed: 35,
    course: 120,
    t: T0 + b * 5000,
    state: 'moving',
    ignition: true,
  }));
}

function fetchedColumns() {
  const c = allocateColumns(FETCH_POINTS);
  for (let i = 0; i < FETCH_POINTS; i++) {
    c.t[i] = T0 + i * 1000;
    c.lat[i] = 45.4 + i * 1e-7;
    c.lon[i] = 9.1 + i * 1e-7;
    c.alt[i] = 120;
    c.speed[i] = 40;
    c.heading[i] = i % 360;
    c.odometer[i] = 1000 + i / 100;
    c.ignition[i] = 1;
    c.satellites[i] = 9;
  }
  return c;
}

function fetchedAt10s() {
  const c = fetchedColumns();
  for (let i = 0; i < FETCH_POINTS; i++) c.t[i] = T0 + i * 10_000;
  return c;
}

function timed<T>(f: () => T): { readonly ms: number; readonly value: T } {
  const start = process.hrtime.bigint();
  const value = f();
  return { ms: ms(start), value };
}

/** The whole path of a 30-day history through the core: HTTP (columns form, interface-decisions.md), SQLite. */
async function endToEnd(): Promise<{ fetchMs: number; storeMs: number; points: number }> {
  const service = await startLocalService({ port: 0, fleetSize: 5 });
  try {
    const fleet = createFleetApi(createHttpClient({ getToken: () => service.users[0]?.token ?? null }), {
      apiUrl: service.api_url,
      accountKey: service.account_key,
    });
    const cache = openOfflineCache(join(dir, 'e2e.db'));
    const end = Math.floor(Date.now() / DAY) * DAY;
    const id = service.context.fleet.assets[0]?.id ?? 1;
    const start = process.hrtime.bigint();
    const columns = await fleet.history(id, end - 30 * DAY, end);
    const fetchMs = ms(start);
    const store = timed(() => cache.history.storeFetched(id, { start: end - 30 * DAY, end }, columns));
    cache.close();
    return { fetchMs, storeMs: store.ms, points: columns.t.length };
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  const baselines = [0, 1, 2].map((i) => bareInsertRate(LIVE_BATCHES * ASSETS, `bare-${i}.db`));
  const baseline = median(baselines);

  const cache = openOfflineCache(join(dir, 'cache.db'));
  const liveRates = [0, 1, 2].map((run) => {
    const batches = Array.from({ length: LIVE_BATCHES }, (_, b) => liveBatch(run * LIVE_BATCHES + b));
    let total = 0;
    for (const batch of batches) total += timed(() => cache.history.appendLive(batch)).ms;
    return rate(LIVE_BATCHES * ASSETS, total);
  });

  const at1Hz = fetchedColumns();
  const fetch1Hz = [0, 1, 2].map(
    (run) => timed(() => cache.history.storeFetched(10 + run, { start: T0, end: T0 + 3 * DAY }, at1Hz)).ms,
  );
  const at10s = fetchedAt10s();
  const fetch10s = [0, 1, 2].map(
    (run) => timed(() => cache.history.storeFetched(20 + run, { start: T0, end: T0 + 30 * DAY }, at10s)).ms,
  );

  // Wall time and this process's CPU time: on a shared machine the first includes waiting for a core.
  const readDay = (assetId: number): { times: number[]; cpu: number[]; points: number } => {
    const times: number[] = [];
    const cpu: number[] = [];
    let points = 0;
    for (let i = 0; i < 30; i++) {
      const before = process.cpuUsage();
      const r = timed(() => cache.history.read(assetId, { start: T0 + DAY, end: T0 + 2 * DAY }));
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      times.push(r.ms);
      points = r.value.points.t.length;
    }
    return { times, cpu, points };
  };
  const day1Hz = readDay(10);
  const day10s = readDay(20);
  cache.close();

  // The layout not chosen: one row per fix, read back for the same asset-day.
  const rows = openBare('rows.db');
  rows.exec('CREATE INDEX fixes_by_asset_t ON fixes (asset_id, t)');
  const insert = rows.prepare('INSERT INTO fixes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  rows.transaction(() => {
    for (let i = 0; i < FETCH_POINTS; i++)
      insert.run(7, at1Hz.t[i], at1Hz.lat[i], at1Hz.lon[i], 120, 40, 90, 1000, 1, 9);
  })();
  const select = rows
    .prepare(
      'SELECT t, lat, lon, alt, speed, heading, odometer, ignition, satellites FROM fixes WHERE asset_id = 7 AND t >= ? AND t < ?',
    )
    .raw();
  const rowReads = [0, 1, 2, 3, 4].map(
    () =>
      timed(() => {
        const out = allocateColumns(86_400);
        let n = 0;
        for (const r of select.iterate(T0 + DAY, T0 + 2 * DAY) as Iterable<number[]>) {
          out.t[n] = r[0] ?? 0;
          out.lat[n] = r[1] ?? 0;
          out.lon[n] = r[2] ?? 0;
          n++;
        }
      }).ms,
  );
  rows.close();

  const e2e = await endToEnd();

  const liveRate = median(liveRates);
  const fetchRate = rate(FETCH_POINTS, median(fetch1Hz));
  const fetchRate10s = rate(FETCH_POINTS, median(fetch10s));
  const pct = (x: number): string => `${Math.round((x / baseline) * 100)}%`;
  const pad = (label: string): string => label.padEnd(46);
  console.log(
    'Fleetdesk core bench: SQLite history (docs/architecture.md §3); medians of 3 runs unless noted',
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(
    `${pad('bare prepared-insert loop (baseline)')}${fmt(baseline)} points/s  (runs: ${baselines.map(fmt).join(', ')})`,
  );
  console.log(
    `${pad(`live batches (${LIVE_BATCHES} × ${fmt(ASSETS)} positions)`)}${fmt(liveRate)} points/s = ${pct(liveRate)} of baseline (target ≥ 70%)`,
  );
  console.log(
    `${pad(`history fetch, ${fmt(FETCH_POINTS)} points, 3 days at 1 Hz`)}${fmt(fetchRate)} points/s = ${pct(fetchRate)} of baseline (target ≥ 70%), ${median(fetch1Hz).toFixed(1)} ms`,
  );
  console.log(
    `${pad(`history fetch, ${fmt(FETCH_POINTS)} points, 30 days at 10 s`)}${fmt(fetchRate10s)} points/s = ${pct(fetchRate10s)} of baseline (target ≥ 70%), ${median(fetch10s).toFixed(1)} ms`,
  );
  console.log(
    `${pad(`read one asset-day at 1 Hz (${fmt(day1Hz.points)} points)`)}median ${median(day1Hz.times).toFixed(2)} ms (CPU ${median(day1Hz.cpu).toFixed(2)} ms), max ${Math.max(...day1Hz.times).toFixed(2)} ms of 30 (target < 5 ms)`,
  );
  console.log(
    `${pad(`read one asset-day at 10 s (${fmt(day10s.points)} points)`)}median ${median(day10s.times).toFixed(2)} ms (CPU ${median(day10s.cpu).toFixed(2)} ms), max ${Math.max(...day10s.times).toFixed(2)} ms of 30`,
  );
  console.log(
    `${pad('same 1 Hz day, one row per fix (not chosen)')}median ${median(rowReads).toFixed(1)} ms of 5`,
  );
  console.log(
    `${pad(`end to end: 30-day history from the local service`)}${fmt(e2e.points)} points: HTTP + checked columns ${e2e.fetchMs.toFixed(0)} ms, into SQLite ${e2e.storeMs.toFixed(1)} ms`,
  );
  benchVendorPayloads(pad);
  rmSync(dir, { recursive: true, force: true });
}

const live = liveArgs(process.argv.slice(2));
(live.sizes === null
  ? main().then(() => runLiveBench([10_000], live.profileDir))
  : // The live part alone: the SQLite part's scratch folder stays unused.
    runLiveBench(live.sizes, live.profileDir).finally(() => rmSync(dir, { recursive: true, force: true }))
).catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
