import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineAreaProgress } from '../../../src/shared/ipc/views';
import { createAreaDownloads, MAX_AREA_TILES } from '../../../src/main/core/tiles/area-download';
import { allowsBulkDownload } from '../../../src/main/core/tiles/bulk-policy';
import { tileCount, tilesIn } from '../../../src/main/core/tiles/tile-area';
import { createTileService } from '../../../src/main/core/tiles/tile-service';
import { openTileStore, type TileStore } from '../../../src/main/core/tiles/tile-store';
import { startTileServer, type TileServer } from '../../support/tile-server';

/** Around Lyon: at zoom 10 a 2×2 block of tiles. */
const LYON = { west: 4.7, south: 45.6, east: 5.0, north: 45.9 };

let dir: string;
let server: TileServer;
let store: TileStore;
let template: string;
let progress: OfflineAreaProgress[];

function downloads(cap = 500 * 1024 * 1024) {
  const service = createTileService({
    store,
    template: () => template,
    capBytes: () => cap,
    userAgent: 'Fleetdesk/test',
  });
  return createAreaDownloads({
    service,
    usage: () => store.usage(),
    template: () => template,
    capBytes: () => cap,
    progress: (p) => progress.push(p),
  });
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-area-'));
  server = await startTileServer();
  template = server.template;
  store = openTileStore(join(dir, 'map-tiles.sqlite'));
  progress = [];
});

afterEach(async () => {
  store.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('tiles of an area', () => {
  it('counts and lists the slippy-map tiles covering the bounds, lowest zoom first', () => {
    expect(tileCount({ west: -180, south: -85, east: 180, north: 85 }, 0, 2)).toBe(1 + 4 + 16);
    const listed = [...tilesIn(LYON, 9, 10)];
    expect(listed.length).toBe(tileCount(LYON, 9, 10));
    // Worked out with the slippy-map formulas: x = (lon + 180) / 360 · 2^z, y = (1 − asinh(tan φ) / π) / 2 · 2^z.
    expect(listed.filter((t) => t.z === 9)).toEqual([
      { z: 9, x: 262, y: 182 },
      { z: 9, x: 263, y: 182 },
    ]);
    expect(listed.filter((t) => t.z === 10)).toEqual([
      { z: 10, x: 525, y: 364 },
      { z: 10, x: 526, y: 364 },
      { z: 10, x: 525, y: 365 },
      { z: 10, x: 526, y: 365 },
    ]);
  });

  it('refuses bulk downloads from OpenStreetMap’s tile servers, whatever the subdomain', () => {
    expect(allowsBulkDownload('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(false);
    expect(allowsBulkDownload('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(false);
    expect(allowsBulkDownload('https://tiles.example.com/{z}/{x}/{y}.png')).toBe(true);
    expect(allowsBulkDownload('https://notopenstreetmap.org.example.com/{z}/{x}/{y}.png')).toBe(true);
  });
});

describe('making an area available offline', () => {
  it('says what it would take, downloads every tile into the cache with progress, and then needs the server no more', async () => {
    const d = downloads();
    const area = { bounds: LYON, minZoom: 8, maxZoom: 10 };
    const plan = d.plan(area);
    expect(plan).toMatchObject({ tiles: tileCount(LYON, 8, 10), maxTiles: MAX_AREA_TILES, refusal: null });
    expect(plan.estimatedBytes).toBeGreaterThan(0);
    expect(d.start(area).refusal).toBeNull();
    await d.idle();
    const last = progress.at(-1);
    expect(last).toMatchObject({ state: 'done', total: plan.tiles, done: plan.tiles, failed: 0 });
    expect(store.usage().tiles).toBe(plan.tiles);
    expect(new Set(server.requests).size).toBe(plan.tiles);
    // Its estimate now comes from the tiles it kept.
    expect(d.plan(area).estimatedBytes).toBe(store.usage().bytes);
  });

  it('refuses OpenStreetMap, a count past the cap and an estimate past the cache size, and fetches nothing', () => {
    template = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(downloads().start({ bounds: LYON, minZoom: 8, maxZoom: 10 }).refusal).toBe('bulk-forbidden');
    template = server.template;
    const world = { bounds: { west: -180, south: -85, east: 180, north: 85 }, minZoom: 0, maxZoom: 8 };
    expect(downloads().start(world).refusal).toBe('too-many-tiles');
    expect(downloads(100 * 1024).start({ bounds: LYON, minZoom: 8, maxZoom: 12 }).refusal).toBe(
      'larger-than-cache',
    );
    expect(server.requests).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('stops when cancelled, saying so, with what it fetched kept', async () => {
    const d = downloads();
    server.failNext('hang');
    d.start({ bounds: LYON, minZoom: 10, maxZoom: 13 });
    d.cancel();
    await server.stop();
    await d.idle();
    const last = progress.at(-1);
    expect(last?.state).toBe('cancelled');
    expect((last?.done ?? 0) + (last?.failed ?? 0)).toBeLessThan(last?.total ?? 0);
  });
});
