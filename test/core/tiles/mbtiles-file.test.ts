import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MbtilesError, openMbtiles } from '../../../src/main/core/tiles/mbtiles-file';
import { writeMbtiles } from '../../support/mbtiles-fixture';
import { drawTile } from '../../support/tile-server';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-mbtiles-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeMbtilesFile(name: string, format: string, zooms: readonly number[]): string {
  return writeMbtiles(dir, name, { format, zooms });
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
    const file = openMbtiles(writeMbtilesFile('depot.mbtiles', 'png', [1, 2]));
    try {
      expect(file).toMatchObject({ name: 'Depot area', format: 'png', minZoom: 1, maxZoom: 2 });
      // Row 0 of the file is the south edge: the map's y = 3 at zoom 2.
      expect(file.tile({ z: 2, x: 1, y: 3 })?.bytes.equals(drawTile(2, 1, 3, 1))).toBe(true);
      expect(file.tile({ z: 2, x: 1, y: 0 })?.bytes.equals(drawTile(2, 1, 0, 1))).toBe(true);
      expect(file.tile({ z: 1, x: 0, y: 0 })?.contentType).toBe('image/png');
      expect(file.tile({ z: 5, x: 0, y: 0 })).toBeNull();
      expect(file).toMatchObject({ bounds: null, attribution: null });
    } finally {
      file.close();
    }
  });

  it('reads the metadata’s bounds and attribution, and ignores bounds that are not four numbers on Earth', () => {
    const good = openMbtiles(
      writeMbtiles(dir, 'bounded.mbtiles', {
        zooms: [0],
        bounds: '5.9, 45.8,10.5,47.8',
        attribution: ' © Depot survey ',
      }),
    );
    expect(good).toMatchObject({ bounds: [5.9, 45.8, 10.5, 47.8], attribution: '© Depot survey' });
    good.close();
    for (const [i, bounds] of ['5,45,10', '10,45,5,47', '-190,0,10,10', 'a,b,c,d'].entries()) {
      const bad = openMbtiles(writeMbtiles(dir, `bad-bounds-${i}.mbtiles`, { zooms: [0], bounds }));
      expect(bad.bounds).toBeNull();
      bad.close();
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
    expect(problemOf(writeMbtilesFile('vector.mbtiles', 'pbf', [0]))).toBe('vector-tiles');
    expect(problemOf(writeMbtilesFile('tiff.mbtiles', 'tiff', [0]))).toBe('unknown-format');
    expect(problemOf(writeMbtilesFile('empty.mbtiles', 'png', []))).toBe('no-tiles');
    // A file cut short (a copy that broke off) is refused, never repaired or changed.
    const whole = writeMbtilesFile('cut.mbtiles', 'png', [0, 1, 2, 3]);
    const cut = join(dir, 'cut-short.mbtiles');
    const bytes = readFileSync(whole);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const before = readFileSync(cut);
    expect(['not-sqlite', 'not-mbtiles', 'no-tiles']).toContain(problemOf(cut));
    expect(readFileSync(cut).equals(before)).toBe(true);
  });
});
