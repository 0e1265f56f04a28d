import { copyFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { MBTILES_LIMITS, type MbtilesBaseLayer } from '../../../shared/ipc/views';
import type { SettingsStore } from '../cache/settings-store';
import { CoreError } from '../core-error';
import { MbtilesError, openMbtiles, type MbtilesFile } from './mbtiles-file';
import type { TileCoords } from './tile-source';
import type { TileAnswer } from './tile-service';

/** The app's own copy of the imported file: the operator's file may move, change or sit on a removed drive. */
export const BASE_LAYER_FILE = 'base-layer.mbtiles';
const INCOMING_FILE = 'base-layer.incoming.mbtiles';

export interface BaseLayer {
  /** The imported file's tile while it is the map's base layer; null: ask the tile server. */
  tile(at: TileCoords): TileAnswer | null;
  /** Checks the file, copies it into the data folder and uses it; a bad file changes nothing. */
  importFile(
    source: { readonly path: string } | { readonly name: string; readonly bytes: Buffer },
  ): Promise<MbtilesBaseLayer>;
  /** Switches between the imported file and the tile server. */
  use(inUse: boolean): MbtilesBaseLayer;
  /** Forgets the imported file and deletes the app's copy. */
  remove(): Promise<void>;
  close(): void;
}

export interface BaseLayerOptions {
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly changed: () => void;
  readonly now: () => number;
}

const refused = (fileName: string, err: unknown): CoreError =>
  new CoreError(
    'invalid_request',
    `${fileName} cannot be the base map: ${err instanceof Error ? err.message : String(err)} Nothing was changed.`,
  );

/** Tile (x, y) at z meets the bounds (west, south, east, north in degrees; Web Mercator). */
function tileMeetsBounds(at: TileCoords, [w, s, e, n]: readonly [number, number, number, number]): boolean {
  const size = 2 ** at.z;
  const lon = (x: number): number => (x / size) * 360 - 180;
  const lat = (y: number): number => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return lon(at.x) < e && lon(at.x + 1) > w && lat(at.y) > s && lat(at.y + 1) < n;
}

/**
 * An MBTiles file as the map's base layer (docs/architecture.md "Map tiles"): for a site with no tile
 * server. The Settings hold what the map shows of it; the file is the app's own copy in the data folder.
 */
export function createBaseLayer(options: BaseLayerOptions): BaseLayer {
  const path = join(options.dataDir, BASE_LAYER_FILE);
  let open: MbtilesFile | null = null;

  const recorded = (): MbtilesBaseLayer | null => options.settings.get().baseLayer;
  const record = (layer: MbtilesBaseLayer | null): void => {
    options.settings.set({ baseLayer: layer });
    options.changed();
  };
  const close = (): void => {
    open?.close();
    open = null;
  };
  const file = (): MbtilesFile | null => {
    if (open) return open;
    try {
      open = openMbtiles(path);
    } catch {
      // The copy is gone or damaged since it was imported: the tile server serves again.
      open = null;
    }
    return open;
  };

  return {
    tile(at) {
      const layer = recorded();
      if (!layer?.inUse) return null;
      const f = file();
      if (!f) return null;
      // Outside what the file covers is not found: the map's outline layer shows through.
      if (at.z < layer.minZoom || at.z > layer.maxZoom) return { ok: false, failure: 'not-found' };
      if (layer.bounds && !tileMeetsBounds(at, layer.bounds)) return { ok: false, failure: 'not-found' };
      const t = f.tile(at);
      return t
        ? { ok: true, bytes: t.bytes, contentType: t.contentType, from: 'file' }
        : { ok: false, failure: 'not-found' };
    },
    async importFile(source) {
      const fileName =
        basename(('path' in source ? source.path : source.name).replaceAll('\\', '/')).slice(
          0,
          MBTILES_LIMITS.name,
        ) || 'file';
      const incoming = join(options.dataDir, INCOMING_FILE);
      try {
        if ('path' in source) await copyFile(source.path, incoming);
        else await writeFile(incoming, source.bytes);
        let checked: MbtilesFile;
        try {
          // The copy is what gets checked: the operator's file could change between a check and a copy.
          checked = openMbtiles(incoming);
        } catch (err) {
          if (err instanceof MbtilesError) throw refused(fileName, err);
          throw err;
        }
        // Cut to what the Settings keep: a longer text would be refused there, after the old file was replaced.
        const layer: MbtilesBaseLayer = {
          kind: 'mbtiles',
          name: checked.name === 'MBTiles' ? fileName : checked.name.slice(0, MBTILES_LIMITS.name),
          fileName,
          minZoom: checked.minZoom,
          maxZoom: checked.maxZoom,
          bounds: checked.bounds,
          attribution: checked.attribution?.slice(0, MBTILES_LIMITS.attribution) ?? null,
          importedAt: options.now(),
          inUse: true,
        };
        checked.close();
        close();
        await rename(incoming, path);
        record(layer);
        return layer;
      } catch (err) {
        if (err instanceof CoreError) throw err;
        throw new CoreError(
          'invalid_request',
          `${fileName} could not be imported: ${String(err)}. Nothing was changed.`,
        );
      } finally {
        await rm(incoming, { force: true });
      }
    },
    use(inUse) {
      const layer = recorded();
      if (!layer) throw new CoreError('not_found', 'No MBTiles file has been imported.');
      const next = { ...layer, inUse };
      record(next);
      return next;
    },
    async remove() {
      close();
      record(null);
      await rm(path, { force: true });
    },
    close,
  };
}
