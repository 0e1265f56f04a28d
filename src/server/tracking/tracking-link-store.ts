import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { AccessType, TrackingLink, TrackingLinkRequest } from '../../shared/interface';

/** A tracking link as the service keeps it (spec 2.10 plus who made it and when). */
export interface StoredTrackingLink {
  readonly id: number;
  readonly uuid: string;
  readonly assetId: number;
  readonly name: string;
  readonly accessType: AccessType;
  /** Epoch ms, or null: never expires. */
  readonly expiresAt: number | null;
  readonly showEta: boolean;
  readonly showHistory: boolean;
  /** email / email_code links: the addresses and `@domain` entries that may view it (lower case). */
  readonly allowedViewers: readonly string[];
  readonly createdBy: number;
  readonly createdAt: number;
}

interface Row {
  id: number;
  uuid: string;
  asset_id: number;
  name: string;
  access_type: AccessType;
  expires_at: number | null;
  show_eta: number;
  show_history: number;
  allowed_viewers: string;
  created_by: number;
  created_at: number;
}

const viewersSchema = z.array(z.string());

/** A damaged list admits nobody: an e-mail link without viewers is closed, never open to all. */
function parseViewers(json: string): string[] {
  try {
    return viewersSchema.catch([]).parse(JSON.parse(json));
  } catch {
    return [];
  }
}

const fromRow = (r: Row): StoredTrackingLink => ({
  id: r.id,
  uuid: r.uuid,
  assetId: r.asset_id,
  name: r.name,
  accessType: r.access_type,
  expiresAt: r.expires_at,
  showEta: r.show_eta === 1,
  showHistory: r.show_history === 1,
  allowedViewers: parseViewers(r.allowed_viewers),
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/**
 * Links live in the service's SQLite file, so a link handed to a customer
 * keeps working after the service restarts with the same --data-dir. Used by
 * POST /public-tracking-link (fleet REST) and by the public page (tracking/).
 */
export interface TrackingLinkStore {
  create(
    req: TrackingLinkRequest,
    defaults: { name: string; createdBy: number; now: number },
  ): StoredTrackingLink;
  byUuid(uuid: string): StoredTrackingLink | null;
  /** Spec 2.10 response shape. */
  toResponse(link: StoredTrackingLink, trackingUrl: string): TrackingLink;
}

export function createTrackingLinkStore(db: Database.Database): TrackingLinkStore {
  db.exec(`CREATE TABLE IF NOT EXISTS tracking_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    asset_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    access_type TEXT NOT NULL,
    expires_at INTEGER,
    show_eta INTEGER NOT NULL,
    show_history INTEGER NOT NULL,
    allowed_viewers TEXT NOT NULL DEFAULT '[]',
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  )`);
  // Data dirs from before allowed viewers existed: their e-mail links get none, so they admit nobody.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tracking_links)').all();
  if (!columns.some((c) => c.name === 'allowed_viewers')) {
    db.exec(`ALTER TABLE tracking_links ADD COLUMN allowed_viewers TEXT NOT NULL DEFAULT '[]'`);
  }
  const insert = db.prepare(`INSERT INTO tracking_links
    (uuid, asset_id, name, access_type, expires_at, show_eta, show_history, allowed_viewers, created_by, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const select = db.prepare('SELECT * FROM tracking_links WHERE uuid = ?');

  return {
    create(req, { name, createdBy, now }) {
      const row = insert.get(
        randomUUID(),
        req.asset_id,
        req.name ?? name,
        req.access_type,
        req.expires_at === null ? null : Date.parse(req.expires_at),
        req.show_eta ? 1 : 0,
        req.show_history ? 1 : 0,
        JSON.stringify([...new Set(req.allowed_viewers)]),
        createdBy,
        now,
      ) as Row;
      return fromRow(row);
    },
    byUuid(uuid) {
      const row = select.get(uuid) as Row | undefined;
      return row ? fromRow(row) : null;
    },
    toResponse(link, trackingUrl) {
      return {
        id: link.id,
        uuid: link.uuid,
        name: link.name,
        public_url: `${trackingUrl}/track/${link.uuid}`,
        access_type: link.accessType,
        show_eta: link.showEta,
        show_history: link.showHistory,
        expires_at: link.expiresAt === null ? null : new Date(link.expiresAt).toISOString(),
        asset_id: link.assetId,
        allowed_viewers: [...link.allowedViewers],
      };
    },
  };
}
