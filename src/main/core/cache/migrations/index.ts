import type Database from 'better-sqlite3';
import migration0001 from './0001-initial';
import migration0002 from './0002-position-history';
import migration0003 from './0003-alarm-inbox';

export interface Migration {
  /** The user_version the database has once this migration is applied. */
  readonly version: number;
  readonly name: string;
  readonly up: (db: Database.Database) => void;
}

/** In order. Append only: a released migration is never edited, a new file fixes it. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', up: migration0001 },
  { version: 2, name: 'position-history', up: migration0002 },
  { version: 3, name: 'alarm-inbox', up: migration0003 },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
