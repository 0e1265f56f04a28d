import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
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
  created_by: number;
  created_at: number;
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
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  )`);
  const insert = db.prepare(`INSERT INTO tracking_links
    (uuid, asset_id, name, access_type, expires_at, show_eta, show_history, created_by, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
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
      };
    },
  };
}
