import type Database from 'better-sqlite3';

export interface CachedPhoto {
  /** null: the asset had no photo when last asked. */
  readonly photo: { readonly bytes: Uint8Array; readonly contentType: string } | null;
  readonly fetchedAt: number;
}

/** Asset photos for offline viewing (migration 0004), per scope (service and user). */
export interface PhotoCacheStore {
  put(scope: string, assetId: number, photo: CachedPhoto['photo']): number;
  get(scope: string, assetId: number): CachedPhoto | null;
}

export function createPhotoCacheStore(db: Database.Database, now: () => number = Date.now): PhotoCacheStore {
  const q = {
    meta: db.prepare(
      `INSERT INTO asset_photos (scope, asset_id, content_type, size, fetched_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (scope, asset_id) DO UPDATE SET content_type = excluded.content_type,
         size = excluded.size, fetched_at = excluded.fetched_at`,
    ),
    bytes: db.prepare(
      `INSERT INTO asset_photo_bytes (scope, asset_id, data) VALUES (?, ?, ?)
       ON CONFLICT (scope, asset_id) DO UPDATE SET data = excluded.data`,
    ),
    dropBytes: db.prepare('DELETE FROM asset_photo_bytes WHERE scope = ? AND asset_id = ?'),
    get: db.prepare<
      [string, number],
      { content_type: string | null; fetched_at: number; data: Buffer | null }
    >(
      `SELECT p.content_type, p.fetched_at, b.data FROM asset_photos p
       LEFT JOIN asset_photo_bytes b ON b.scope = p.scope AND b.asset_id = p.asset_id
       WHERE p.scope = ? AND p.asset_id = ?`,
    ),
  };
  const put = db.transaction((scope: string, assetId: number, photo: CachedPhoto['photo']): number => {
    const at = now();
    q.meta.run(scope, assetId, photo?.contentType ?? null, photo?.bytes.length ?? 0, at);
    if (photo) q.bytes.run(scope, assetId, photo.bytes);
    else q.dropBytes.run(scope, assetId);
    return at;
  });
  return {
    put: (scope, assetId, photo) => put(scope, assetId, photo),
    get(scope, assetId) {
      const row = q.get.get(scope, assetId);
      if (!row) return null;
      const photo =
        row.content_type !== null && row.data !== null
          ? { bytes: new Uint8Array(row.data), contentType: row.content_type }
          : null;
      return { photo, fetchedAt: row.fetched_at };
    },
  };
}
