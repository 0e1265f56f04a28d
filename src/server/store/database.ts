import Database from 'better-sqlite3';
import { join } from 'node:path';

/** The service's own SQLite file under --data-dir; each module creates its tables idempotently. */
export function openServiceDatabase(dataDir: string): Database.Database {
  const db = new Database(join(dataDir, 'service.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}
