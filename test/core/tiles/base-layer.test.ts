import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ipcMethods } from '../../../src/shared/ipc/contract';
import type { Settings } from '../../../src/shared/ipc/views';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { BASE_LAYER_FILE } from '../../../src/main/core/tiles/base-layer';
import { createMapTiles, type MapTiles } from '../../../src/main/core/tiles/map-tiles';
import { answerTileRequest, type TileHttpAnswer } from '../../../src/main/core/tiles/tile-route';
import { writeMbtiles } from '../../support/mbtiles-fixture';
import { startTileServer, tileColours, type TileServer } from '../../support/tile-server';

let dir: string;
let dataDir: string;
let server: TileServer;
let cache: OfflineCache;
let tiles: MapTiles;
let chosen: string | null;
let pushed: Settings[];

function topLeft(body: TileHttpAnswer['body']): readonly number[] {
  const png = PNG.sync.read(Buffer.from(body as Uint8Array));
  return [png.data[0] ?? -1, png.data[1] ?? -1, png.data[2] ?? -1];
}

const route = (path: string): Promise<TileHttpAnswer> => answerTileRequest(tiles.service, path);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-base-layer-'));
  dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  server = await startTileServer();
  cache = openOfflineCache(join(dataDir, 'app.sqlite'));
  cache.settings.set({ tileUrl: server.template });
  chosen = null;
  pushed = [];
  tiles = createMapTiles({
    dataDir,
    settings: cache.settings,
    version: '9.9.9',
    notify: () => undefined,
    push: (event, payload) => {
      if (event === 'settings.changed') pushed.push(payload as Settings);
    },
    // The native open dialog: the path the operator picked.
    shell: { chooseMbtilesFile: async () => chosen },
  });
});

afterEach(async () => {
  tiles.close();
  cache.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('an MBTiles file as the map’s base layer', () => {
  it('is copied into the data folder and serves the map’s tiles through the route, its TMS rows flipped', async () => {
    chosen = writeMbtiles(dir, 'site.mbtiles', {
      name: 'Quarry site',
      zooms: [2, 3],
      attribution: '© Quarry survey',
    });
    const layer = await tiles.handlers['tiles.baseLayerImport']({});
    expect(layer).toMatchObject({
      kind: 'mbtiles',
      name: 'Quarry site',
      fileName: 'site.mbtiles',
      minZoom: 2,
      maxZoom: 3,
      bounds: null,
      attribution: '© Quarry survey',
      inUse: true,
    });
    expect(cache.settings.get().baseLayer).toEqual(layer);
    expect(pushed.at(-1)?.baseLayer).toEqual(layer);
    // The app's own copy: the operator's file can go and the map still has its tiles.
    expect(readFileSync(join(dataDir, BASE_LAYER_FILE)).equals(readFileSync(chosen))).toBe(true);
    rmSync(chosen);
    await server.stop();

    // Map y = 0 at zoom 3 is the file's row 7 (the north edge).
    const north = await route('/tiles/3/5/0');
    expect(north).toMatchObject({
      status: 200,
      headers: { 'x-fleetdesk-tile': 'file', 'content-type': 'image/png' },
    });
    expect(topLeft(north.body)).toEqual(tileColours(3, 5, 0, 1).light);
    expect(topLeft((await route('/tiles/2/1/3')).body)).toEqual(tileColours(2, 1, 3, 1).light);
    // Outside the file's zoom range: not found, the outline map shows through; the tile server is not asked.
    expect((await route('/tiles/4/1/1')).status).toBe(404);
    expect((await route('/tiles/1/0/0')).status).toBe(404);
    expect(server.requests).toEqual([]);
  });

  it('answers 404 outside the file’s bounds', async () => {
    // Around Zürich: at zoom 4 the tile x 8, y 5 covers it; x 3 (the Americas) is outside.
    chosen = writeMbtiles(dir, 'zurich.mbtiles', { zooms: [4], bounds: '8.4,47.3,8.7,47.5' });
    expect(await tiles.handlers['tiles.baseLayerImport']({})).toMatchObject({
      bounds: [8.4, 47.3, 8.7, 47.5],
    });
    expect((await route('/tiles/4/8/5')).status).toBe(200);
    expect((await route('/tiles/4/3/5')).status).toBe(404);
    expect((await route('/tiles/4/8/9')).status).toBe(404);
  });

  it('imports the bytes the browser shell’s page sent, and names it by the metadata or else the file', async () => {
    const path = writeMbtiles(dir, 'page.mbtiles', { name: '', zooms: [0] });
    const base64 = readFileSync(path).toString('base64');
    const layer = await tiles.handlers['tiles.baseLayerImport']({
      file: { name: 'C:\\maps\\page.mbtiles', base64 },
    });
    expect(layer).toMatchObject({ fileName: 'page.mbtiles', minZoom: 0, maxZoom: 0 });
    expect((await route('/tiles/0/0/0')).headers['x-fleetdesk-tile']).toBe('file');
  });

  it('refuses a corrupt file with a clear message and changes nothing', async () => {
    chosen = writeMbtiles(dir, 'good.mbtiles', { zooms: [1] });
    const good = await tiles.handlers['tiles.baseLayerImport']({});
    const kept = readFileSync(join(dataDir, BASE_LAYER_FILE));
    const pushes = pushed.length;

    const whole = readFileSync(writeMbtiles(dir, 'whole.mbtiles', { zooms: [0, 1, 2, 3] }));
    chosen = join(dir, 'cut.mbtiles');
    writeFileSync(chosen, whole.subarray(0, Math.floor(whole.length / 3)));
    await expect(tiles.handlers['tiles.baseLayerImport']({})).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^cut\.mbtiles cannot be the base map: .+ Nothing was changed\.$/),
    });
    chosen = writeMbtiles(dir, 'vector.mbtiles', { format: 'pbf', zooms: [0] });
    await expect(tiles.handlers['tiles.baseLayerImport']({})).rejects.toMatchObject({
      message: expect.stringContaining('vector tiles'),
    });

    expect(cache.settings.get().baseLayer).toEqual(good);
    expect(pushed).toHaveLength(pushes);
    expect(readFileSync(join(dataDir, BASE_LAYER_FILE)).equals(kept)).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.includes('mbtiles'))).toEqual([BASE_LAYER_FILE]);
    expect((await route('/tiles/1/1/1')).headers['x-fleetdesk-tile']).toBe('file');
  });

  it('refuses zoom levels no map has, keeping the file it had, and cuts texts longer than the Settings keep', async () => {
    chosen = writeMbtiles(dir, 'good.mbtiles', { zooms: [1] });
    const good = await tiles.handlers['tiles.baseLayerImport']({});
    const kept = readFileSync(join(dataDir, BASE_LAYER_FILE));

    chosen = writeMbtiles(dir, 'deep.mbtiles', { zooms: [0], tiles: [{ z: 31, x: 0, y: 0 }] });
    await expect(tiles.handlers['tiles.baseLayerImport']({})).rejects.toMatchObject({
      code: 'invalid_request',
      message:
        "deep.mbtiles cannot be the base map: The file's zoom levels run from 0 to 31; a map has whole zoom levels from 0 to 30. Nothing was changed.",
    });
    expect(cache.settings.get().baseLayer).toEqual(good);
    expect(readFileSync(join(dataDir, BASE_LAYER_FILE)).equals(kept)).toBe(true);

    chosen = writeMbtiles(dir, 'wordy.mbtiles', {
      name: 'N'.repeat(400),
      attribution: 'A'.repeat(3000),
      zooms: [0],
    });
    const wordy = await tiles.handlers['tiles.baseLayerImport']({});
    expect([wordy?.name.length, wordy?.attribution?.length]).toEqual([300, 2000]);
    expect(cache.settings.get().baseLayer).toEqual(wordy);
  });

  it('is never set by the renderer’s settings.set: the contract drops it before main sees the patch', async () => {
    chosen = writeMbtiles(dir, 'site.mbtiles', { zooms: [0] });
    const layer = await tiles.handlers['tiles.baseLayerImport']({});
    const patch = ipcMethods['settings.set'].args.parse({ baseLayer: null, mapLabels: false });
    expect(patch).toEqual({ mapLabels: false });
    cache.settings.set(patch);
    expect(cache.settings.get()).toMatchObject({ mapLabels: false, baseLayer: layer });
  });

  it('a cancelled dialog changes nothing', async () => {
    expect(await tiles.handlers['tiles.baseLayerImport']({})).toBeNull();
    expect(cache.settings.get().baseLayer).toBeNull();
  });

  it('uses the tile server again while keeping the file, and removes it', async () => {
    chosen = writeMbtiles(dir, 'site.mbtiles', { zooms: [2] });
    await tiles.handlers['tiles.baseLayerImport']({});
    expect(await tiles.handlers['tiles.baseLayerUse']({ inUse: false })).toMatchObject({ inUse: false });
    const fromServer = await route('/tiles/2/1/1');
    expect(fromServer.headers['x-fleetdesk-tile']).toBe('network');
    expect(topLeft(fromServer.body)).toEqual(tileColours(2, 1, 1).light);

    await tiles.handlers['tiles.baseLayerUse']({ inUse: true });
    expect((await route('/tiles/2/1/1')).headers['x-fleetdesk-tile']).toBe('file');

    expect(await tiles.handlers['tiles.baseLayerRemove'](undefined)).toBeNull();
    expect(cache.settings.get().baseLayer).toBeNull();
    expect(pushed.at(-1)?.baseLayer).toBeNull();
    expect(existsSync(join(dataDir, BASE_LAYER_FILE))).toBe(false);
    expect((await route('/tiles/2/1/1')).headers['x-fleetdesk-tile']).toBe('cache');
    await expect(tiles.handlers['tiles.baseLayerUse']({ inUse: true })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
