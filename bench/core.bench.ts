/**
 * Issue 4 §8, the SQLite part: insert rate of live batches and of a
 * 259,200-point history fetch, each against a bare better-sqlite3
 * prepared-insert loop measured in the same run on the same disk, and the
 * time to read one asset-day back. Also the row-per-fix layout the cache
 * chose not to use, read the same way, so the choice stays justified.
 *
 * Run: npm run bench:core
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openOfflineCache } from '../src/main/core/cache/offline-cache';
import { allocateColumns } from '../src/main/core/cache/history-columns';
import type { LivePosition } from '../src/shared/ipc/views';

const ASSETS = 10_000;
const LIVE_BATCHES = 20;
const FETCH_POINTS = 259_200; // three days at 1 Hz
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-core-bench-'));
const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
const rate = (points: number, millis: number): number => Math.round((points / millis) * 1000);
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
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

function main(): void {
  const baselineBefore = bareInsertRate(LIVE_BATCHES * ASSETS, 'bare-1.db');

  const cache = openOfflineCache(join(dir, 'cache.db'));
  const batches = Array.from({ length: LIVE_BATCHES }, (_, b) => liveBatch(b));
  let liveMs = 0;
  for (const batch of batches) {
    const start = process.hrtime.bigint();
    cache.history.appendLive(batch);
    liveMs += ms(start);
  }
  const liveRate = rate(LIVE_BATCHES * ASSETS, liveMs);

  const columns = fetchedColumns();
  const fetchStart = process.hrtime.bigint();
  cache.history.storeFetched(7, { start: T0, end: T0 + 3 * DAY }, columns);
  const fetchMs = ms(fetchStart);
  const fetchRate = rate(FETCH_POINTS, fetchMs);

  const baselineAfter = bareInsertRate(FETCH_POINTS, 'bare-2.db');
  const baseline = Math.max(baselineBefore, baselineAfter);

  const dayRange = { start: T0 + DAY, end: T0 + 2 * DAY };
  const reads: number[] = [];
  let points = 0;
  for (let i = 0; i < 30; i++) {
    const start = process.hrtime.bigint();
    points = cache.history.read(7, dayRange).points.t.length;
    reads.push(ms(start));
  }
  cache.close();

  // The layout not chosen: one row per fix, read back for the same asset-day.
  const rows = openBare('rows.db');
  rows.exec('CREATE INDEX fixes_by_asset_t ON fixes (asset_id, t)');
  const insert = rows.prepare('INSERT INTO fixes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  rows.transaction(() => {
    for (let i = 0; i < FETCH_POINTS; i++)
      insert.run(7, columns.t[i], columns.lat[i], columns.lon[i], 120, 40, 90, 1000, 1, 9);
  })();
  const select = rows
    .prepare(
      'SELECT t, lat, lon, alt, speed, heading, odometer, ignition, satellites FROM fixes WHERE asset_id = 7 AND t >= ? AND t < ?',
    )
    .raw();
  const rowReads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = process.hrtime.bigint();
    const out = allocateColumns(86_400);
    let n = 0;
    for (const r of select.iterate(dayRange.start, dayRange.end) as Iterable<number[]>) {
      out.t[n] = r[0] ?? 0;
      out.lat[n] = r[1] ?? 0;
      out.lon[n] = r[2] ?? 0;
      n++;
    }
    rowReads.push(ms(start));
  }
  rows.close();

  const pct = (x: number): string => `${Math.round((x / baseline) * 100)}%`;
  console.log('Fleetdesk core bench: SQLite history (issue 4 §8)');
  console.log(
    `  bare prepared-insert loop (baseline)   ${fmt(baseline)} points/s  (runs: ${fmt(baselineBefore)}, ${fmt(baselineAfter)})`,
  );
  console.log(
    `  live batches (${LIVE_BATCHES} × ${fmt(ASSETS)} positions)   ${fmt(liveRate)} points/s  = ${pct(liveRate)} of baseline (target ≥ 70%)`,
  );
  console.log(
    `  history fetch (${fmt(FETCH_POINTS)} points)        ${fmt(fetchRate)} points/s  = ${pct(fetchRate)} of baseline (target ≥ 70%), ${fetchMs.toFixed(1)} ms`,
  );
  console.log(
    `  read one asset-day (${fmt(points)} points)    median ${median(reads).toFixed(2)} ms, max ${Math.max(...reads).toFixed(2)} ms (target < 5 ms)`,
  );
  console.log(`  same day, one row per fix (not chosen)  median ${median(rowReads).toFixed(1)} ms`);
  rmSync(dir, { recursive: true, force: true });
}

main();
