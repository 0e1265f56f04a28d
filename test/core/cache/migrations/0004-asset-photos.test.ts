import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../../src/main/core/cache/cache-database';
import { schemaVersion } from '../../../../src/main/core/cache/migrate';
import { createPhotoCacheStore } from '../../../../src/main/core/cache/photo-cache-store';

describe('migration 0004 (asset photos)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-m4-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies on a version 3 cache and keeps its records', () => {
    const path = join(dir, 'cache.db');
    const v3 = openCacheDatabase(path, { migrateTo: 3 });
    v3.db
      .prepare(
        "INSERT INTO record_items (scope, family, id, part, position, json) VALUES ('s', 'tags', 1, 0, 0, '{}')",
      )
      .run();
    v3.db.close();
    const v4 = openCacheDatabase(path, { migrateTo: 4 });
    expect(schemaVersion(v4.db)).toBe(4);
    expect(v4.db.prepare('SELECT COUNT(*) AS n FROM record_items').get()).toEqual({ n: 1 });
    v4.db.close();
  });

  it('keeps a photo’s bytes per user, and remembers an asset that has none', () => {
    const { db } = openCacheDatabase(join(dir, 'cache.db'), { migrateTo: 4 });
    const store = createPhotoCacheStore(db, () => 42);
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    store.put('demo|acct|1', 3, { bytes, contentType: 'image/png' });
    expect(store.get('demo|acct|1', 3)).toEqual({
      photo: { bytes, contentType: 'image/png' },
      fetchedAt: 42,
    });
    expect(store.get('demo|acct|2', 3)).toBeNull();
    store.put('demo|acct|1', 3, null);
    expect(store.get('demo|acct|1', 3)).toEqual({ photo: null, fetchedAt: 42 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM asset_photo_bytes').get()).toEqual({ n: 0 });
    db.close();
  });
});
