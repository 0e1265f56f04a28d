import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../../src/main/core/cache/cache-database';
import { migrate, schemaVersion } from '../../../../src/main/core/cache/migrate';

const insertAlarm = (db: Database.Database, scope: string, key: string): void => {
  db.prepare('INSERT INTO alarm_scopes (name) VALUES (?) ON CONFLICT DO NOTHING').run(scope);
  db.prepare(
    `INSERT INTO alarm_inbox (scope, key, source, kind, severity, asset_id, asset_name, raised_at, message)
     VALUES ((SELECT id FROM alarm_scopes WHERE name = ?), ?, 'service', 'overspeed', 'warning', 7, 'Truck 7', 1000,
       'Speed 104 km/h')`,
  ).run(scope, key);
};

describe('migration 0003 (alarm inbox)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-m3-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies on a version 2 cache with data and keeps that data', () => {
    const path = join(dir, 'cache.db');
    const v2 = openCacheDatabase(path, { migrateTo: 2 });
    v2.db.prepare('INSERT INTO history_coverage VALUES (7, 0, 10)').run();
    v2.db.prepare('INSERT INTO settings (key, value) VALUES (\'settings\', \'{"theme":"dark"}\')').run();
    v2.db.close();

    const v3 = openCacheDatabase(path, { migrateTo: 3 });
    expect(v3.recovered).toBeNull();
    expect(schemaVersion(v3.db)).toBe(3);
    expect(v3.db.prepare('SELECT COUNT(*) AS n FROM history_coverage').get()).toEqual({ n: 1 });
    insertAlarm(v3.db, 'demo', 'svc:1');
    v3.db.close();

    const reopened = openCacheDatabase(path, { migrateTo: 3 });
    expect(reopened.db.prepare('SELECT key, acknowledged FROM alarm_inbox').all()).toEqual([
      { key: 'svc:1', acknowledged: 0 },
    ]);
    reopened.db.close();
  });

  it('keeps one row per alarm and profile: the same alarm twice in one inbox is refused', () => {
    const db = new Database(':memory:');
    migrate(db, { to: 3 });
    insertAlarm(db, 'demo', 'svc:1');
    insertAlarm(db, 'https://fleet.example#acme#4', 'svc:1');
    expect(() => insertAlarm(db, 'demo', 'svc:1')).toThrow(/UNIQUE/);
    db.close();
  });

  it('refuses a severity or a source the inbox does not know', () => {
    const db = new Database(':memory:');
    migrate(db, { to: 3 });
    db.prepare("INSERT INTO alarm_scopes (name) VALUES ('demo')").run();
    expect(() =>
      db
        .prepare(
          `INSERT INTO alarm_inbox (scope, key, source, kind, severity, asset_id, asset_name, raised_at, message)
           VALUES (1, 'svc:2', 'service', 'overspeed', 'urgent', 7, 'Truck 7', 1000, '')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO alarm_items (scope, type, source, id, body, updated_at) VALUES (1, 'geofence', 'cloud', 1, '{}', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('answers the newest page of one filter from its index, without sorting', () => {
    const db = new Database(':memory:');
    migrate(db, { to: 3 });
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM alarm_inbox WHERE scope = 1 AND kind = 'overspeed'
         ORDER BY raised_at DESC, seq DESC LIMIT 100`,
      )
      .all() as { detail: string }[];
    const details = plan.map((p) => p.detail).join('\n');
    expect(details).toMatch(/alarm_inbox_by_kind/);
    expect(details).not.toMatch(/TEMP B-TREE/);
    db.close();
  });
});
