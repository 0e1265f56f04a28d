import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../../../src/main/core/cache/migrations';
import { openOfflineCache } from '../../../src/main/core/cache/offline-cache';
import { DEFAULT_SETTINGS } from '../../../src/main/core/cache/settings-store';
import type { LocalReport } from '../../../src/shared/ipc/views';

const asset = (id: number) => ({
  id,
  name: `Van ${id}`,
  registration: `AB${id}CD`,
  vin: null,
  make: 'Iveco',
  model: 'Daily',
  year: 2022,
  tracker: { id: 100 + id, imei: '356938035643809', online: true, last_update: '2026-11-20T10:00:00Z' },
});

describe('offline cache file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves a corrupt cache file aside and starts a fresh one instead of crashing', () => {
    const path = join(dir, 'cache.db');
    writeFileSync(path, 'this is not a database, it is a text file that got in the way'.repeat(100));
    const cache = openOfflineCache(path, { now: () => Date.UTC(2026, 10, 23, 8, 0) });
    expect(cache.recovered).not.toBeNull();
    expect(cache.recovered?.reason).toMatch(/not a database/i);
    expect(existsSync(cache.recovered?.movedTo ?? '')).toBe(true);
    expect(readFileSync(cache.recovered?.movedTo ?? '', 'utf8')).toMatch(/^this is not a database/);
    cache.assets.replaceAll([asset(1)]);
    expect(cache.assets.list().assets.map((a) => a.id)).toEqual([1]);
    cache.close();
  });

  it('moves aside a database whose pages were damaged on disk', () => {
    const path = join(dir, 'cache.db');
    const first = openOfflineCache(path);
    first.assets.replaceAll(Array.from({ length: 400 }, (_, i) => asset(i + 1)));
    first.db.pragma('wal_checkpoint(TRUNCATE)');
    first.close();
    const bytes = readFileSync(path);
    // Keep the 100-byte header (still "a database"), scribble over the pages after the first.
    for (let i = 4096 * 2; i < bytes.length; i += 7) bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
    writeFileSync(path, bytes);

    const cache = openOfflineCache(path);
    expect(cache.recovered).not.toBeNull();
    expect(cache.assets.list().assets).toEqual([]);
    cache.close();
  });

  it('moves aside a cache written by a newer version of the app', () => {
    const path = join(dir, 'cache.db');
    const first = openOfflineCache(path);
    first.db.pragma('user_version = 999');
    first.close();
    const cache = openOfflineCache(path);
    expect(cache.recovered?.reason).toMatch(/newer Fleetdesk/);
    expect(cache.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    cache.close();
  });

  it('works from memory for this run when no cache file can be created, if asked to', () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the cache folder should be');
    const path = join(blocker, 'cache.db');
    expect(() => openOfflineCache(path)).toThrow(/could not be created/);
    const cache = openOfflineCache(path, { fallbackToMemory: true });
    expect(cache.unavailable).toMatch(/could not be created/);
    cache.assets.replaceAll([asset(3)]);
    expect(cache.assets.list().assets.map((a) => a.id)).toEqual([3]);
    cache.close();
  });

  it('keeps assets, locations, links and settings across a restart', () => {
    const path = join(dir, 'cache.db');
    const first = openOfflineCache(path);
    first.assets.replaceAll([asset(2), asset(1)]);
    first.assets.putLocation(1, {
      latitude: 45.46,
      longitude: 9.19,
      altitude: null,
      speed: 12,
      heading: 90,
      timestamp: '2026-11-20T10:00:00Z',
      ignition: true,
      odometer: 1234,
      satellites: 8,
    });
    first.links.add(
      {
        id: 5,
        uuid: '4b0c8f3e-2f6f-4d6e-9d4e-1c2b3a4d5e6f',
        name: 'Delivery',
        public_url: 'http://x/track/4b0c8f3e-2f6f-4d6e-9d4e-1c2b3a4d5e6f',
        access_type: 'public',
        show_eta: true,
        expires_at: null,
      },
      2,
    );
    first.settings.set({ theme: 'dark', cacheSizeMb: 80 });
    first.close();

    const again = openOfflineCache(path);
    expect(again.recovered).toBeNull();
    expect(again.assets.list().assets.map((a) => a.id)).toEqual([2, 1]);
    expect(again.assets.locations()).toMatchObject([{ assetId: 1, location: { speed: 12 } }]);
    expect(again.links.list().map((l) => l.id)).toEqual([5]);
    expect(again.settings.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', cacheSizeMb: 80 });
    again.close();
  });

  it('tells whether a list read again is the one it holds, and stamps when it was read either way', () => {
    let at = 1_000;
    const cache = openOfflineCache(':memory:', { now: () => at });
    expect(cache.assets.replaceAll([asset(1), asset(2)])).toEqual({ changed: true, fetchedAt: 1_000 });
    at = 2_000;
    expect(cache.assets.replaceAll([asset(1), asset(2)])).toEqual({ changed: false, fetchedAt: 2_000 });
    expect(cache.assets.list()).toEqual({ assets: [asset(1), asset(2)], fetchedAt: 2_000 });
    // Another order, one field, one asset fewer, one more: each is a new list.
    at = 3_000;
    expect(cache.assets.replaceAll([asset(2), asset(1)]).changed).toBe(true);
    expect(cache.assets.list().assets.map((a) => a.id)).toEqual([2, 1]);
    at = 4_000;
    expect(cache.assets.replaceAll([asset(2), { ...asset(1), name: 'Van 1 (spare)' }]).changed).toBe(true);
    expect(cache.assets.list().assets[1]?.name).toBe('Van 1 (spare)');
    expect(cache.assets.replaceAll([asset(2)]).changed).toBe(true);
    expect(cache.assets.replaceAll([asset(2), asset(3)]).changed).toBe(true);
    expect(cache.assets.list()).toEqual({ assets: [asset(2), asset(3)], fetchedAt: 4_000 });
    // A damaged row is not the asset the service sent: the list is written again and reads whole.
    cache.db.prepare("UPDATE assets SET json = '{broken' WHERE id = 3").run();
    expect(cache.assets.replaceAll([asset(2), asset(3)]).changed).toBe(true);
    expect(cache.assets.list().assets.map((a) => a.id)).toEqual([2, 3]);
    cache.close();
  });

  it('skips a damaged row and falls back to the default of a damaged setting', () => {
    const cache = openOfflineCache(':memory:');
    cache.assets.replaceAll([asset(1), asset(2)]);
    cache.db.prepare("UPDATE assets SET json = '{broken' WHERE id = 1").run();
    expect(cache.assets.list().assets.map((a) => a.id)).toEqual([2]);
    cache.db
      .prepare("INSERT INTO settings (key, value) VALUES ('settings', ?)")
      .run(JSON.stringify({ theme: 'purple', cacheSizeMb: 120 }));
    expect(cache.settings.get()).toEqual({ ...DEFAULT_SETTINGS, cacheSizeMb: 120 });
    expect(() => cache.settings.set({ cacheSizeMb: 1 })).toThrow();
    cache.close();
  });

  it('loads settings saved before the display settings existed with those at their defaults', () => {
    const cache = openOfflineCache(':memory:');
    const before = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const key of ['speedUnit', 'distanceUnit', 'volumeUnit', 'timeZone', 'hour24', 'dateFormat'])
      delete before[key];
    cache.db
      .prepare("INSERT INTO settings (key, value) VALUES ('settings', ?)")
      .run(JSON.stringify({ ...before, theme: 'dark' }));
    expect(cache.settings.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(cache.settings.get()).toMatchObject({ speedUnit: 'kmh', distanceUnit: 'km', timeZone: 'system' });
    cache.settings.set({ speedUnit: 'mph', timeZone: 'America/Chicago', dateFormat: 'dmy' });
    expect(cache.settings.get()).toMatchObject({
      speedUnit: 'mph',
      timeZone: 'America/Chicago',
      theme: 'dark',
    });
    expect(() => cache.settings.set({ timeZone: 'Mars/Olympus' })).toThrow();
    expect(() => cache.settings.set({ volumeUnit: 'barrels' })).toThrow();
    cache.close();
  });

  it('remembers a report and its json content for the reports client', () => {
    const cache = openOfflineCache(':memory:');
    const report: LocalReport = {
      localId: 'local-1',
      reportId: null,
      request: { type: 'trail', format: 'json', asset_id: 3, date_from: '2026-11-01', date_to: '2026-11-02' },
      title: 'Trail, Van 3',
      state: 'waiting',
      queuePosition: null,
      progress: 0,
      errorMessage: null,
      retryAt: null,
      createdAt: 1000,
      completedAt: null,
      servedFromCache: false,
      file: null,
    };
    cache.reports.save(report);
    expect(cache.reports.unfinished().map((r) => r.localId)).toEqual(['local-1']);
    cache.reports.save({
      ...report,
      reportId: '0b6a8d3e-1111-4222-8333-944455556666',
      state: 'completed',
      progress: 100,
      completedAt: 2000,
      file: {
        filename: 'trail.json',
        contentType: 'application/json',
        size: 10,
        path: null,
        savedPath: null,
      },
    });
    cache.reports.saveJsonContent('local-1', {
      type: 'trail',
      title: 'Trail',
      period: { from: '2026-11-01', to: '2026-11-02' },
      generated_at: '2026-11-03T00:00:00Z',
      summary: { points: 0 },
      columns: [],
      rows: [],
    });
    expect(cache.reports.unfinished()).toEqual([]);
    expect(cache.reports.get('local-1')).toMatchObject({
      state: 'completed',
      file: { filename: 'trail.json' },
    });
    expect(cache.reports.jsonContent('local-1')?.summary).toEqual({ points: 0 });
    cache.reports.remove('local-1');
    expect(cache.reports.list()).toEqual([]);
    cache.close();
  });
});
