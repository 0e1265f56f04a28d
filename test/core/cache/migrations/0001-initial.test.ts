import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../../src/main/core/cache/cache-database';
import { migrate, schemaVersion } from '../../../../src/main/core/cache/migrate';

const tables = (db: Database.Database): string[] =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((r) => r.name);

describe('migration 0001 (initial)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-m1-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the core tables on an empty database and sets user_version 1', () => {
    const db = new Database(join(dir, 'cache.db'));
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db, { to: 1 })).toEqual({ from: 0, to: 1 });
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'assets',
        'last_locations',
        'settings',
        'tracking_links',
        'reports',
        'report_files',
      ]),
    );
    expect(tables(db)).not.toContain('history_chunks');
    db.close();
  });

  it('stores rows that survive re-opening, and re-opening changes nothing', () => {
    const path = join(dir, 'cache.db');
    const first = openCacheDatabase(path, { migrateTo: 1 });
    first.db.prepare("INSERT INTO settings (key, value) VALUES ('x', '1')").run();
    first.db
      .prepare(
        "INSERT INTO reports (local_id, request_json, title, state, created_at, updated_at) VALUES ('r1', '{}', 't', 'waiting', 1, 1)",
      )
      .run();
    first.db
      .prepare(
        "INSERT INTO report_files (local_id, filename, content_type, size) VALUES ('r1', 'a.pdf', 'application/pdf', 3)",
      )
      .run();
    first.db.close();

    const again = openCacheDatabase(path, { migrateTo: 1 });
    expect(again.recovered).toBeNull();
    expect(schemaVersion(again.db)).toBe(1);
    expect(again.db.prepare('SELECT value FROM settings WHERE key = ?').get('x')).toEqual({ value: '1' });
    // Removing a report removes its file record (foreign keys are on).
    again.db.prepare("DELETE FROM reports WHERE local_id = 'r1'").run();
    expect(again.db.prepare('SELECT COUNT(*) AS n FROM report_files').get()).toEqual({ n: 0 });
    again.db.close();
  });

  it('runs in WAL mode', () => {
    const { db } = openCacheDatabase(join(dir, 'cache.db'), { migrateTo: 1 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});
