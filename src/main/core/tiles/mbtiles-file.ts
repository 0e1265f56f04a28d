import Database from 'better-sqlite3';
import { MBTILES_LIMITS } from '../../../shared/ipc/views';
import type { TileCoords } from './tile-source';

/** Why a file cannot be a base map: each has its own sentence for the operator. */
export type MbtilesProblem =
  'not-sqlite' | 'not-mbtiles' | 'vector-tiles' | 'unknown-format' | 'no-tiles' | 'bad-zoom-levels';

const isZoom = (z: unknown): z is number =>
  typeof z === 'number' && Number.isInteger(z) && z >= 0 && z <= MBTILES_LIMITS.maxZoom;

export class MbtilesError extends Error {
  constructor(
    readonly problem: MbtilesProblem,
    message: string,
  ) {
    super(message);
    this.name = 'MbtilesError';
  }
}

export interface MbtilesFile {
  readonly name: string;
  readonly format: 'png' | 'jpg' | 'webp';
  readonly minZoom: number;
  readonly maxZoom: number;
  /** The metadata's `bounds` (west, south, east, north); null when absent or not four numbers in range. */
  readonly bounds: readonly [number, number, number, number] | null;
  /** The metadata's `attribution` (the spec allows HTML; the map shows it as text); null when absent. */
  readonly attribution: string | null;
  /** The tile's bytes, or null where the file has none. */
  tile(at: TileCoords): { readonly bytes: Buffer; readonly contentType: string } | null;
  close(): void;
}

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Opens an MBTiles file (https://github.com/mapbox/mbtiles-spec, 1.3) read-only, checking it first:
 * an SQLite database with the spec's `metadata` and `tiles` (table or view) and raster tiles. The spec's
 * rows are TMS: row 0 is the south edge, so the map's y is flipped (2^z − 1 − y).
 */
export function openMbtiles(path: string): MbtilesFile {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('schema_version');
  } catch (err) {
    throw new MbtilesError(
      'not-sqlite',
      `The file is not an MBTiles file (not an SQLite database: ${String(err)}).`,
    );
  }
  try {
    const has = (name: string): boolean =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')").get(name) !==
      undefined;
    if (!has('metadata') || !has('tiles'))
      throw new MbtilesError(
        'not-mbtiles',
        'The file is an SQLite database but not MBTiles (no metadata and tiles tables).',
      );
    const meta = new Map(
      db
        .prepare<[], { name: unknown; value: unknown }>('SELECT name, value FROM metadata')
        .all()
        .map((r) => [String(r.name), String(r.value)] as const),
    );
    const rawFormat = (meta.get('format') ?? 'png').toLowerCase();
    const format = rawFormat === 'jpeg' ? 'jpg' : rawFormat;
    if (format === 'pbf')
      throw new MbtilesError(
        'vector-tiles',
        'The file holds vector tiles (pbf); the map shows raster tiles (PNG, JPEG, WebP) only.',
      );
    if (format !== 'png' && format !== 'jpg' && format !== 'webp')
      throw new MbtilesError(
        'unknown-format',
        `The file's tiles are "${rawFormat}"; the map shows PNG, JPEG and WebP.`,
      );
    let zooms: { lo: unknown; hi: unknown } | undefined;
    let read: Database.Statement<[number, number, number], { tile_data: Buffer }>;
    try {
      zooms = db
        .prepare<[], { lo: unknown; hi: unknown }>(
          'SELECT MIN(zoom_level) AS lo, MAX(zoom_level) AS hi FROM tiles',
        )
        .get();
      read = db.prepare(
        'SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?',
      );
    } catch (err) {
      throw new MbtilesError('not-mbtiles', `The file's tiles table is not the spec's: ${String(err)}.`);
    }
    if (!zooms || zooms.lo === null || zooms.hi === null)
      throw new MbtilesError('no-tiles', 'The MBTiles file holds no tiles.');
    // The table's column has no type of its own: 31, -1, 2.5 or text would pass into the Settings.
    if (!isZoom(zooms.lo) || !isZoom(zooms.hi))
      throw new MbtilesError(
        'bad-zoom-levels',
        `The file's zoom levels run from ${String(zooms.lo)} to ${String(zooms.hi)}; a map has whole zoom levels from 0 to ${MBTILES_LIMITS.maxZoom}.`,
      );
    const contentType = CONTENT_TYPES[format];
    const opened = db;
    return {
      name: meta.get('name') ?? 'MBTiles',
      format,
      minZoom: zooms.lo,
      maxZoom: zooms.hi,
      bounds: boundsOf(meta.get('bounds')),
      attribution: meta.get('attribution')?.trim() || null,
      tile(at) {
        const row = read.get(at.z, at.x, 2 ** at.z - 1 - at.y);
        return row && Buffer.isBuffer(row.tile_data) && row.tile_data.length > 0
          ? { bytes: row.tile_data, contentType }
          : null;
      },
      close: () => opened.close(),
    };
  } catch (err) {
    db.close();
    // A damaged database (a copy cut short) fails on its first read: a file problem, never a crash.
    if (err instanceof MbtilesError) throw err;
    throw new MbtilesError('not-mbtiles', `The MBTiles file is damaged: ${String(err)}.`);
  }
}

/** The spec's `bounds`: "left,bottom,right,top" in WGS 84 degrees. */
function boundsOf(text: string | undefined): readonly [number, number, number, number] | null {
  const parts = text?.split(',').map((p) => Number(p.trim()));
  if (!parts || parts.length !== 4 || !parts.every(Number.isFinite)) return null;
  const [w, s, e, n] = parts as [number, number, number, number];
  if (w < -180 || e > 180 || s < -90 || n > 90 || w >= e || s >= n) return null;
  return [w, s, e, n];
}
