import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../../src/main/core/cache/cache-database';
import { schemaVersion } from '../../../../src/main/core/cache/migrate';
import { createRecordCacheStore, WHOLE } from '../../../../src/main/core/cache/record-cache-store';

describe('migration 0003 (fleet records)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-m3-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies on a version 2 cache with data and keeps that data', () => {
    const path = join(dir, 'cache.db');
    const v2 = openCacheDatabase(path, { migrateTo: 2 });
    v2.db
      .prepare('INSERT INTO assets (id, json, list_order, fetched_at) VALUES (7, ?, 0, 1)')
      .run('{"id":7}');
    v2.db.close();

    const v3 = openCacheDatabase(path, { migrateTo: 3 });
    expect(v3.recovered).toBeNull();
    expect(schemaVersion(v3.db)).toBe(3);
    expect(v3.db.prepare('SELECT json FROM assets WHERE id = 7').get()).toEqual({ json: '{"id":7}' });
    v3.db.close();
  });

  it('keeps each user’s records apart, in the service’s order, with the age of each list', () => {
    const { db } = openCacheDatabase(join(dir, 'cache.db'), { migrateTo: 3 });
    let t = 1_000;
    const store = createRecordCacheStore(db, () => t);
    store.replaceList('demo|acct|1', 'drivers', WHOLE, [
      { id: 9, part: 0, json: { id: 9, name: 'Anna' } },
      { id: 2, part: 0, json: { id: 2, name: 'Bruno' } },
    ]);
    expect(store.read('demo|acct|1', 'drivers', WHOLE)).toEqual({
      json: [
        { id: 9, name: 'Anna' },
        { id: 2, name: 'Bruno' },
      ],
      fetchedAt: 1_000,
    });
    expect(store.read('demo|acct|2', 'drivers', WHOLE)).toEqual({ json: [], fetchedAt: null });

    // One asset's list replaces that asset's records only, and is newer than the whole list.
    t = 2_000;
    store.replaceList('demo|acct|1', 'fuel', WHOLE, [
      { id: 1, part: 5, json: { id: 1 } },
      { id: 2, part: 6, json: { id: 2 } },
    ]);
    t = 3_000;
    store.replaceList('demo|acct|1', 'fuel', 5, [{ id: 3, part: 5, json: { id: 3 } }]);
    expect(store.read('demo|acct|1', 'fuel', 5)).toEqual({ json: [{ id: 3 }], fetchedAt: 3_000 });
    expect(store.read('demo|acct|1', 'fuel', 6)).toEqual({ json: [{ id: 2 }], fetchedAt: 2_000 });
    store.put('demo|acct|1', 'fuel', 4, 6, { id: 4 });
    store.remove('demo|acct|1', 'fuel', 2);
    expect(store.read('demo|acct|1', 'fuel', WHOLE).json).toEqual([{ id: 3 }, { id: 4 }]);
    db.close();
  });
});
