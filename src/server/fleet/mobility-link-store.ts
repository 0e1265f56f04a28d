import type Database from 'better-sqlite3';
import { z } from 'zod';

export interface MobilityLink {
  readonly id: number;
  readonly provider: string;
  readonly external_account_id: string;
  readonly asset_ids: number[] | null;
  readonly status: 'linked';
  readonly linked_at: string;
}

/** Account links made through POST link-mobility (spec 4.3). */
export interface MobilityLinkStore {
  /** Linking the same external account again returns the existing link (created = false). */
  link(
    provider: string,
    externalId: string,
    assetIds: readonly number[] | null,
    by: number,
    now: number,
  ): { link: MobilityLink; created: boolean };
  /** Every link, by id. */
  list(): MobilityLink[];
}

const rowSchema = z.object({
  id: z.number(),
  provider: z.string(),
  external_account_id: z.string(),
  asset_ids: z.string().nullable(),
  linked_at: z.number(),
});

function fromRow(raw: unknown): MobilityLink {
  const r = rowSchema.parse(raw);
  return {
    id: r.id,
    provider: r.provider,
    external_account_id: r.external_account_id,
    asset_ids: r.asset_ids === null ? null : z.array(z.number()).parse(JSON.parse(r.asset_ids)),
    status: 'linked',
    linked_at: new Date(r.linked_at).toISOString(),
  };
}

export function createMobilityLinkStore(db: Database.Database): MobilityLinkStore {
  db.exec(`CREATE TABLE IF NOT EXISTS mobility_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    provider TEXT NOT NULL,
    external_account_id TEXT NOT NULL,
    asset_ids TEXT,
    created_by INTEGER NOT NULL,
    linked_at INTEGER NOT NULL,
    UNIQUE (provider, external_account_id)
  )`);
  const all = db.prepare('SELECT * FROM mobility_links ORDER BY id');
  const find = db.prepare('SELECT * FROM mobility_links WHERE provider = ? AND external_account_id = ?');
  const insert =
    db.prepare(`INSERT INTO mobility_links (provider, external_account_id, asset_ids, created_by, linked_at)
    VALUES (?, ?, ?, ?, ?) RETURNING *`);
  const link = db.transaction(
    (provider: string, externalId: string, assetIds: readonly number[] | null, by: number, now: number) => {
      const existing: unknown = find.get(provider, externalId);
      if (existing !== undefined) return { link: fromRow(existing), created: false };
      const ids = assetIds === null ? null : JSON.stringify(assetIds);
      return { link: fromRow(insert.get(provider, externalId, ids, by, now)), created: true };
    },
  );
  return {
    link: (provider, externalId, assetIds, by, now) => link(provider, externalId, assetIds, by, now),
    list: () => all.all().map(fromRow),
  };
}
