import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerTileRequest } from '../../../src/main/core/tiles/tile-route';
import { createTileService, type TileService } from '../../../src/main/core/tiles/tile-service';
import { sourceKey } from '../../../src/main/core/tiles/tile-source';
import { openTileStore, type TileStore } from '../../../src/main/core/tiles/tile-store';
import { startTileServer, tileColours, type TileServer } from '../../support/tile-server';
import { startStreamingServer } from '../streaming-server';

const UA = 'Fleetdesk/9.9.9 (+https://github.com/fleetdesk/fleetdesk)';

let dir: string;
let server: TileServer;
let store: TileStore;
let clock: number;
let capBytes: number;

function service(template = server.template): TileService {
  return createTileService({
    store,
    template: () => template,
    capBytes: () => capBytes,
    userAgent: UA,
    now: () => clock,
    timeoutMs: 2_000,
  });
}

/** The colour of the tile's top-left pixel: which tile the bytes are. */
function topLeft(bytes: Buffer): [number, number, number] {
  const png = PNG.sync.read(bytes);
  return [png.data[0] ?? -1, png.data[1] ?? -1, png.data[2] ?? -1];
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-tiles-'));
  server = await startTileServer();
  clock = Date.parse('2026-03-02T10:00:00Z');
  capBytes = 50 * 1024 * 1024;
  store = openTileStore(join(dir, 'map-tiles.sqlite'), () => clock);
});

afterEach(async () => {
  store.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the map tile cache', () => {
  it('fetches a tile once, with the app’s own User-Agent, and serves it from the cache afterwards', async () => {
    const tiles = service();
    const first = await tiles.tile({ z: 5, x: 16, y: 10 });
    expect(first).toMatchObject({ ok: true, contentType: 'image/png', from: 'network' });
    if (!first.ok) return;
    expect(topLeft(first.bytes)).toEqual(tileColours(5, 16, 10).light);
    const again = await tiles.tile({ z: 5, x: 16, y: 10 });
    expect(again).toMatchObject({ ok: true, from: 'cache' });
    expect(server.requests).toEqual(['5/16/10']);
    expect(server.userAgents).toEqual([UA]);
    expect(store.usage()).toEqual({ bytes: first.bytes.length, tiles: 1 });
  });

  it('serves the kept tiles when the tile server is gone, even past their freshness, and says which it could not', async () => {
    const tiles = service();
    await tiles.tile({ z: 3, x: 4, y: 2 });
    await server.stop();
    clock += 30 * 24 * 3600 * 1000;
    const kept = await tiles.tile({ z: 3, x: 4, y: 2 });
    expect(kept).toMatchObject({ ok: true, from: 'stale' });
    if (kept.ok) expect(topLeft(kept.bytes)).toEqual(tileColours(3, 4, 2).light);
    expect(await tiles.tile({ z: 3, x: 5, y: 2 })).toEqual({ ok: false, failure: 'unreachable' });
  });

  it('asks the tile server again once its Cache-Control max-age has passed, and keeps the newer copy', async () => {
    await server.stop();
    server = await startTileServer({ headers: { 'cache-control': 'max-age=60' } });
    const tiles = service();
    await tiles.tile({ z: 2, x: 1, y: 1 });
    clock += 59_000;
    expect(await tiles.tile({ z: 2, x: 1, y: 1 })).toMatchObject({ from: 'cache' });
    clock += 2_000;
    expect(await tiles.tile({ z: 2, x: 1, y: 1 })).toMatchObject({ from: 'network' });
    expect(server.requests).toEqual(['2/1/1', '2/1/1']);
  });

  it('keeps nothing the tile server marks no-store', async () => {
    await server.stop();
    server = await startTileServer({ headers: { 'cache-control': 'no-store' } });
    const tiles = service();
    expect(await tiles.tile({ z: 2, x: 1, y: 1 })).toMatchObject({ ok: true, from: 'network' });
    expect(store.usage().tiles).toBe(0);
  });

  it('stops reading a tile that never ends, past the largest a tile may be', async () => {
    const endless = await startStreamingServer();
    try {
      const total = 256 * 1024 * 1024;
      const tiles = service(`${endless.origin}/{z}/{x}/{y}.png?total=${total}&type=image/png`);
      expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toEqual({ ok: false, failure: 'upstream-error' });
      const [sent] = await endless.served();
      // The server writes only as fast as the client reads: it stopped a little past the 2 MiB limit.
      expect(sent?.whole).toBe(false);
      expect(sent?.bytes).toBeLessThan(16 * 1024 * 1024);
      expect(store.usage().tiles).toBe(0);
    } finally {
      await endless.close();
    }
  });

  it('never keeps a bad answer: server errors, web pages, empty bodies; a 404 is not found', async () => {
    const tiles = service();
    server.failNext(500, 'html', 'empty', 404);
    expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toEqual({ ok: false, failure: 'upstream-error' });
    expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toEqual({ ok: false, failure: 'upstream-error' });
    expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toEqual({ ok: false, failure: 'upstream-error' });
    expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toEqual({ ok: false, failure: 'not-found' });
    expect(store.usage().tiles).toBe(0);
    // And a bad answer later does not replace the good copy kept before.
    expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toMatchObject({ ok: true, from: 'network' });
    clock += 8 * 24 * 3600 * 1000;
    server.failNext('html');
    expect(await tiles.tile({ z: 1, x: 0, y: 0 })).toMatchObject({ ok: true, from: 'stale' });
  });

  it('fetches a tile once however many ask for it at the same time', async () => {
    const tiles = service();
    const answers = await Promise.all(Array.from({ length: 8 }, () => tiles.tile({ z: 6, x: 33, y: 21 })));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(server.requests).toEqual(['6/33/21']);
  });

  it('counts a tile server that never answers as unreachable', async () => {
    const tiles = createTileService({
      store,
      template: () => server.template,
      capBytes: () => capBytes,
      userAgent: UA,
      now: () => clock,
      timeoutMs: 300,
    });
    server.failNext('hang');
    expect(await tiles.tile({ z: 4, x: 1, y: 1 })).toEqual({ ok: false, failure: 'unreachable' });
  });

  it('drops the least recently used tiles first to stay within the size the Settings allow', async () => {
    const tiles = service();
    const one = await tiles.tile({ z: 4, x: 0, y: 0 });
    if (!one.ok) throw new Error('no tile');
    const size = one.bytes.length;
    // Room for three tiles (of about the same size: one checker, its colours differ).
    capBytes = Math.round(size * 3.5);
    for (const x of [1, 2]) {
      clock += 1000;
      await tiles.tile({ z: 4, x, y: 0 });
    }
    clock += 1000;
    // Using 4/0/0 again makes 4/1/0 the least recently used.
    expect(await tiles.tile({ z: 4, x: 0, y: 0 })).toMatchObject({ from: 'cache' });
    clock += 1000;
    await tiles.tile({ z: 4, x: 3, y: 0 });
    expect(store.usage().tiles).toBe(3);
    expect(store.usage().bytes).toBeLessThanOrEqual(capBytes);
    const key = (x: number): { source: string; z: number; x: number; y: number } => ({
      source: sourceKey(server.template),
      z: 4,
      x,
      y: 0,
    });
    expect(store.get(key(1))).toBeNull();
    for (const x of [0, 2, 3]) expect(store.get(key(x))).not.toBeNull();
  });

  it('keeps each tile server’s tiles apart', async () => {
    const other = await startTileServer();
    try {
      await service().tile({ z: 2, x: 0, y: 0 });
      expect(await service(other.template).tile({ z: 2, x: 0, y: 0 })).toMatchObject({ from: 'network' });
      expect(other.requests).toEqual(['2/0/0']);
    } finally {
      await other.stop();
    }
  });

  it('starts afresh from a damaged file, keeping the old one aside', () => {
    store.close();
    const path = join(dir, 'broken.sqlite');
    writeFileSync(path, 'this is not a database'.repeat(100));
    store = openTileStore(path, () => clock);
    expect(store.recovered?.movedTo).toMatch(/broken\.sqlite\.corrupt-/);
    expect(store.usage()).toEqual({ bytes: 0, tiles: 0 });
  });
});

describe('the tile route both shells serve', () => {
  it('answers a tile with its type, and refuses what is not a tile path or lies outside the world', async () => {
    const tiles = service();
    const ok = await answerTileRequest(tiles, '/tiles/3/2/1');
    expect(ok.status).toBe(200);
    expect(ok.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect((await answerTileRequest(tiles, '/tiles/3/8/1')).status).toBe(404);
    expect((await answerTileRequest(tiles, '/tiles/../../etc/passwd')).status).toBe(404);
    expect((await answerTileRequest(tiles, '/tiles/3/2')).status).toBe(404);
    await server.stop();
    expect(await answerTileRequest(tiles, '/tiles/3/2/2')).toMatchObject({
      status: 504,
      body: 'unreachable',
    });
  });
});
