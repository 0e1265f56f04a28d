import type Database from 'better-sqlite3';
import { z } from 'zod';
import { TRACKER_COMMAND_TYPES } from '../../shared/interface';

export type TrackerCommandType = (typeof TRACKER_COMMAND_TYPES)[number];

export interface StoredCommand {
  readonly id: number;
  readonly trackerId: number;
  readonly assetId: number;
  readonly type: TrackerCommandType;
  readonly parameters: Record<string, string | boolean | number>;
  readonly createdBy: number;
  readonly createdAt: number;
}

/** Commands sent to trackers (spec 4.3 reset, ble) and their history (commands). */
export interface TrackerCommandStore {
  add(cmd: Omit<StoredCommand, 'id'>): StoredCommand;
  /** Newest first. */
  list(trackerId: number): StoredCommand[];
  setBle(trackerId: number, enabled: boolean, commandId: number, now: number): void;
}

const rowSchema = z.object({
  id: z.number(),
  tracker_id: z.number(),
  asset_id: z.number(),
  type: z.enum(TRACKER_COMMAND_TYPES),
  parameters: z.string(),
  created_by: z.number(),
  created_at: z.number(),
});
const parametersSchema = z.record(z.string(), z.union([z.string(), z.boolean(), z.number()]));

function fromRow(raw: unknown): StoredCommand {
  const r = rowSchema.parse(raw);
  return {
    id: r.id,
    trackerId: r.tracker_id,
    assetId: r.asset_id,
    type: r.type,
    parameters: parametersSchema.parse(JSON.parse(r.parameters)),
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

export function createTrackerCommandStore(db: Database.Database): TrackerCommandStore {
  db.exec(`CREATE TABLE IF NOT EXISTS tracker_commands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tracker_id INTEGER NOT NULL,
    asset_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    parameters TEXT NOT NULL,
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS tracker_commands_by_tracker ON tracker_commands (tracker_id, id);
  CREATE TABLE IF NOT EXISTS tracker_ble (
    tracker_id INTEGER PRIMARY KEY,
    enabled INTEGER NOT NULL,
    command_id INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`);
  const insert = db.prepare(`INSERT INTO tracker_commands
    (tracker_id, asset_id, type, parameters, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *`);
  const select = db.prepare(
    'SELECT * FROM tracker_commands WHERE tracker_id = ? ORDER BY id DESC LIMIT 1000',
  );
  const upsertBle =
    db.prepare(`INSERT INTO tracker_ble (tracker_id, enabled, command_id, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (tracker_id) DO UPDATE SET enabled = excluded.enabled, command_id = excluded.command_id,
    updated_at = excluded.updated_at`);
  return {
    add: (c) =>
      fromRow(
        insert.get(c.trackerId, c.assetId, c.type, JSON.stringify(c.parameters), c.createdBy, c.createdAt),
      ),
    list: (trackerId) => select.all(trackerId).map(fromRow),
    setBle(trackerId, enabled, commandId, now) {
      upsertBle.run(trackerId, enabled ? 1 : 0, commandId, now);
    },
  };
}
