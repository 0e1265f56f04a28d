import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../../src/main/core/cache/cache-database';
import { migrate, schemaVersion } from '../../../../src/main/core/cache/migrate';

describe('migration 0002 (position history)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-m2-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies on an empty database', () => {
    const db = new Database(join(dir, 'cache.db'));
    expect(migrate(db, { to: 2 })).toEqual({ from: 0, to: 2 });
    db.prepare('INSERT INTO live_batches (t_min, t_max, count, bytes, data) VALUES (1, 2, 0, 8, ?)').run(
      Buffer.alloc(8),
    );
    expect(db.prepare('SELECT COUNT(*) AS n FROM live_batches').get()).toEqual({ n: 1 });
    db.close();
  });

  it('applies on a version 1 cache with data and keeps that data', () => {
    const path = join(dir, 'cache.db');
    const v1 = openCacheDatabase(path, { migrateTo: 1 });
    v1.db
      .prepare('INSERT INTO assets (id, json, list_order, fetched_at) VALUES (7, ?, 0, 1)')
      .run('{"id":7}');
    v1.db.prepare('INSERT INTO settings (key, value) VALUES (\'settings\', \'{"theme":"dark"}\')').run();
    v1.db.close();

    const v2 = openCacheDatabase(path, { migrateTo: 2 });
    expect(v2.recovered).toBeNull();
    expect(schemaVersion(v2.db)).toBe(2);
    expect(v2.db.prepare('SELECT json FROM assets WHERE id = 7').get()).toEqual({ json: '{"id":7}' });
    v2.db
      .prepare(
        'INSERT INTO history_chunks (asset_id, day, count, bytes, last_viewed_at) VALUES (7, 1, 0, 1, 1)',
      )
      .run();
    v2.db.prepare('INSERT INTO history_coverage VALUES (7, 0, 10)').run();
    v2.db.close();

    const reopened = openCacheDatabase(path, { migrateTo: 2 });
    expect(schemaVersion(reopened.db)).toBe(2);
    expect(reopened.db.prepare('SELECT COUNT(*) AS n FROM history_chunks').get()).toEqual({ n: 1 });
    reopened.db.close();
  });

  it('keeps one chunk per asset and day', () => {
    const db = new Database(':memory:');
    migrate(db);
    const insert = db.prepare(
      'INSERT INTO history_chunks (asset_id, day, count, bytes, last_viewed_at) VALUES (1, 5, 0, 1, 1)',
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE/);
    db.close();
  });
});
