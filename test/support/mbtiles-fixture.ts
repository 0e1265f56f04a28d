import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drawTile } from './tile-server';

export interface MbtilesFixtureOptions {
  readonly name?: string;
  readonly format?: string;
  /** Every tile of these zoom levels … */
  readonly zooms?: readonly number[];
  /** … and these tiles (XYZ: the map's y). */
  readonly tiles?: readonly { readonly z: number; readonly x: number; readonly y: number }[];
  /** The metadata's `bounds` text ("west,south,east,north"); absent: no bounds row. */
  readonly bounds?: string;
  readonly attribution?: string;
}

/**
 * An MBTiles 1.3 file as tools write it: TMS rows (row 0 in the south), each tile drawn for its XYZ
 * place in the tile server's other palette (tile-server.ts), so a test can tell where a tile came from.
 */
export function writeMbtiles(dir: string, fileName: string, options: MbtilesFixtureOptions): string {
  const path = join(dir, fileName);
  const db = new Database(path);
  db.exec(`CREATE TABLE metadata (name TEXT, value TEXT);
    CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
    CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);`);
  const meta = db.prepare('INSERT INTO metadata VALUES (?, ?)');
  meta.run('name', options.name ?? 'Depot area');
  meta.run('format', options.format ?? 'png');
  if (options.bounds !== undefined) meta.run('bounds', options.bounds);
  if (options.attribution !== undefined) meta.run('attribution', options.attribution);
  const put = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  const putTile = (z: number, x: number, y: number): unknown =>
    put.run(z, x, 2 ** z - 1 - y, drawTile(z, x, y, 1));
  db.transaction(() => {
    for (const z of options.zooms ?? [])
      for (let x = 0; x < 2 ** z; x++) for (let y = 0; y < 2 ** z; y++) putTile(z, x, y);
    for (const t of options.tiles ?? []) putTile(t.z, t.x, t.y);
  })();
  db.close();
  return path;
}
