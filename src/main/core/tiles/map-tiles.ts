import { join } from 'node:path';
import type { Notice } from '../../../shared/ipc/views';
import type { SettingsStore } from '../cache/settings-store';
import { CoreError } from '../core-error';
import type { DomainHandlers, PushSink, ShellServices } from '../ipc-handlers';
import { createAreaDownloads } from './area-download';
import { createBaseLayer } from './base-layer';
import { createTileService, type TileService } from './tile-service';
import { openTileStore } from './tile-store';

/** The tile cache's own file beside the app's cache: tiles belong to this computer, not to an account. */
export const TILE_CACHE_FILE = 'map-tiles.sqlite';

export interface MapTiles {
  readonly service: TileService;
  readonly handlers: DomainHandlers<'tiles'>;
  /** Applies Settings.cacheSizeMb now (after the operator lowered it). */
  enforceSizeCap(): void;
  close(): void;
}

export interface MapTilesOptions {
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly version: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  readonly notify: (notice: Notice) => void;
  readonly push: PushSink;
  readonly shell: Pick<ShellServices, 'chooseMbtilesFile'>;
}

/** The map tile cache and the tile service in front of it, wired to the Settings (docs/architecture.md "Map tiles"). */
export function createMapTiles(options: MapTilesOptions): MapTiles {
  const now = options.now ?? Date.now;
  const store = openTileStore(join(options.dataDir, TILE_CACHE_FILE), now);
  if (store.recovered)
    options.notify({
      id: 'tiles:recovered',
      kind: 'error',
      message: `The map tile cache was damaged (${store.recovered.reason}) and has been started afresh; the old file is kept at ${store.recovered.movedTo}.`,
      at: now(),
    });
  const capBytes = (): number => options.settings.get().cacheSizeMb * 1024 * 1024;
  const upstream = createTileService({
    store,
    template: () => options.settings.get().tileUrl,
    capBytes,
    // The OSM tile usage policy: an application identifies itself, with a way to reach its makers.
    userAgent: `Fleetdesk/${options.version} (+https://github.com/fleetdesk/fleetdesk)`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    now,
  });
  const baseLayer = createBaseLayer({
    dataDir: options.dataDir,
    settings: options.settings,
    changed: () => options.push('settings.changed', options.settings.get()),
    now,
  });
  // While an imported MBTiles file is the base layer, it answers every tile; the tile server is not asked.
  const service: TileService = {
    tile: async (at) => baseLayer.tile(at) ?? upstream.tile(at),
  };
  const areas = createAreaDownloads({
    // Offline areas are the tile server's tiles kept in the cache, whatever the base layer.
    service: upstream,
    usage: () => store.usage(),
    template: () => options.settings.get().tileUrl,
    capBytes,
    progress: (p) => options.push('tiles.areaProgress', p),
    now,
  });
  return {
    service,
    handlers: {
      'tiles.usage': async () => store.usage(),
      'tiles.clear': async () => {
        store.clear();
        return store.usage();
      },
      'tiles.areaPlan': async (area) => areas.plan(area),
      'tiles.areaDownload': async (area) => areas.start(area),
      'tiles.areaCancel': async () => {
        areas.cancel();
        return null;
      },
      'tiles.baseLayerImport': async ({ file }) => {
        if (file) return baseLayer.importFile({ name: file.name, bytes: Buffer.from(file.base64, 'base64') });
        if (!options.shell.chooseMbtilesFile)
          throw new CoreError(
            'unavailable',
            'This window has no file dialog: choose the file in the page instead.',
          );
        const path = await options.shell.chooseMbtilesFile();
        return path === null ? null : baseLayer.importFile({ path });
      },
      'tiles.baseLayerUse': async ({ inUse }) => baseLayer.use(inUse),
      'tiles.baseLayerRemove': async () => {
        await baseLayer.remove();
        return null;
      },
    },
    enforceSizeCap: () => store.evictTo(capBytes()),
    close: () => {
      // Tiles still on their way land nowhere: the download stops before the file closes.
      areas.cancel();
      baseLayer.close();
      store.close();
    },
  };
}
