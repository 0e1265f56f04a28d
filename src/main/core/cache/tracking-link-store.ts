import type Database from 'better-sqlite3';
import { trackingLinkSchema, type TrackingLink } from '../../../shared/interface';
import { parseJson } from './asset-store';

/** Tracking links created from this app (spec 2.10 has no list endpoint, so the app remembers them). */
export interface TrackingLinkStore {
  add(link: TrackingLink, assetId: number | null): void;
  /** Newest first. */
  list(): TrackingLink[];
}

export function createTrackingLinkStore(
  db: Database.Database,
  now: () => number = Date.now,
): TrackingLinkStore {
  const q = {
    put: db.prepare(
      `INSERT INTO tracking_links (id, uuid, asset_id, json, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET uuid = excluded.uuid, asset_id = excluded.asset_id, json = excluded.json`,
    ),
    all: db.prepare<[], { json: string }>(
      'SELECT json FROM tracking_links ORDER BY created_at DESC, id DESC',
    ),
  };
  return {
    add(link, assetId) {
      q.put.run(link.id, link.uuid, assetId ?? link.asset_id ?? null, JSON.stringify(link), now());
    },
    list() {
      return q.all.all().flatMap((row) => {
        const parsed = trackingLinkSchema.safeParse(parseJson(row.json));
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
}
