import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MbtilesError, openMbtiles } from '../../../src/main/core/tiles/mbtiles-file';
import { drawTile } from '../../support/tile-server';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-mbtiles-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** An MBTiles 1.3 file as tools write it: TMS rows (row 0 in the south), tiles drawn for their XYZ place. */
function writeMbtiles(name: string, format: string, zooms: readonly number[]): string {
  const path = join(dir, name);
  const db = new Database(path);
  db.exec(`CREATE TABLE metadata (name TEXT, value TEXT);
    CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
    CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);`);
  const meta = db.prepare('INSERT INTO metadata VALUES (?, ?)');
  meta.run('name', 'Depot area');
  meta.run('format', format);
  const put = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  for (const z of zooms)
    for (let x = 0; x < 2 ** z; x++)
      for (let y = 0; y < 2 ** z; y++) put.run(z, x, 2 ** z - 1 - y, drawTile(z, x, y));
  db.close();
  return path;
}

function problemOf(path: string): string {
  try {
    openMbtiles(path).close();
    return 'opened';
  } catch (err) {
    return err instanceof MbtilesError ? err.problem : `other: ${String(err)}`;
  }
}

describe('an MBTiles file as a base map', () => {
  it('reads each tile at its map place: the file’s TMS rows flipped to the map’s y', () => {
    const file = openMbtiles(writeMbtiles('depot.mbtiles', 'png', [1, 2]));
    try {
      expect(file).toMatchObject({ name: 'Depot area', format: 'png', minZoom: 1, maxZoom: 2 });
      // Row 0 of the file is the south edge: the map's y = 3 at zoom 2.
      expect(file.tile({ z: 2, x: 1, y: 3 })?.bytes.equals(drawTile(2, 1, 3))).toBe(true);
      expect(file.tile({ z: 2, x: 1, y: 0 })?.bytes.equals(drawTile(2, 1, 0))).toBe(true);
      expect(file.tile({ z: 1, x: 0, y: 0 })?.contentType).toBe('image/png');
      expect(file.tile({ z: 5, x: 0, y: 0 })).toBeNull();
    } finally {
      file.close();
    }
  });

  it('refuses with a reason what is not a raster MBTiles file, and leaves the file as it was', () => {
    const junk = join(dir, 'junk.mbtiles');
    writeFileSync(junk, 'SQLite format 3\0 but then nothing of the kind'.repeat(50));
    expect(problemOf(junk)).toBe('not-sqlite');
    expect(problemOf(join(dir, 'missing.mbtiles'))).toBe('not-sqlite');
    const other = join(dir, 'other.sqlite');
    new Database(other).exec('CREATE TABLE things (a)').close();
    expect(problemOf(other)).toBe('not-mbtiles');
    expect(problemOf(writeMbtiles('vector.mbtiles', 'pbf', [0]))).toBe('vector-tiles');
    expect(problemOf(writeMbtiles('tiff.mbtiles', 'tiff', [0]))).toBe('unknown-format');
    expect(problemOf(writeMbtiles('empty.mbtiles', 'png', []))).toBe('no-tiles');
    // A file cut short (a copy that broke off) is refused, never repaired or changed.
    const whole = writeMbtiles('cut.mbtiles', 'png', [0, 1, 2, 3]);
    const cut = join(dir, 'cut-short.mbtiles');
    const bytes = readFileSync(whole);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const before = readFileSync(cut);
    expect(['not-sqlite', 'not-mbtiles', 'no-tiles']).toContain(problemOf(cut));
    expect(readFileSync(cut).equals(before)).toBe(true);
  });
});
