import type Database from 'better-sqlite3';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ASSET_PHOTO_TYPES } from '../../shared/interface';

export type PhotoType = (typeof ASSET_PHOTO_TYPES)[number];

export interface AssetPhoto {
  readonly id: number;
  readonly asset_id: number;
  readonly content_type: PhotoType;
  readonly size: number;
  readonly filename: string;
  readonly uploaded_at: string;
}

/** Photos (spec 4.3 asset/{id}/photo): the file under <data-dir>/photos, its record in SQLite. */
export interface AssetPhotoStore {
  save(assetId: number, type: PhotoType, bytes: Buffer, by: number, now: number): AssetPhoto;
  /** The asset's newest photo and where its file is; null when it has none. */
  current(assetId: number): { readonly photo: AssetPhoto; readonly path: string } | null;
}

const EXTENSIONS: Readonly<Record<PhotoType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const rowSchema = z.object({
  id: z.number(),
  asset_id: z.number(),
  content_type: z.enum(ASSET_PHOTO_TYPES),
  size: z.number(),
  filename: z.string(),
  uploaded_at: z.number(),
});

export function createAssetPhotoStore(db: Database.Database, dataDir: string): AssetPhotoStore {
  db.exec(`CREATE TABLE IF NOT EXISTS asset_photos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    asset_id INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    filename TEXT NOT NULL,
    uploaded_by INTEGER NOT NULL,
    uploaded_at INTEGER NOT NULL
  )`);
  const dir = join(dataDir, 'photos');
  const insert =
    db.prepare(`INSERT INTO asset_photos (asset_id, content_type, size, filename, uploaded_by, uploaded_at)
    VALUES (?, ?, ?, '', ?, ?) RETURNING id`);
  const newest = db.prepare(
    "SELECT * FROM asset_photos WHERE asset_id = ? AND filename != '' ORDER BY id DESC LIMIT 1",
  );
  const setName = db.prepare('UPDATE asset_photos SET filename = ? WHERE id = ? RETURNING *');
  const save = db.transaction((assetId: number, type: PhotoType, bytes: Buffer, by: number, now: number) => {
    const { id } = z.object({ id: z.number() }).parse(insert.get(assetId, type, bytes.length, by, now));
    const filename = `asset-${assetId}-photo-${id}.${EXTENSIONS[type]}`;
    mkdirSync(dir, { recursive: true });
    // Written beside and renamed, so a crash never leaves half a photo under its final name.
    const target = join(dir, filename);
    writeFileSync(`${target}.part`, bytes);
    renameSync(`${target}.part`, target);
    const r = rowSchema.parse(setName.get(filename, id));
    return { ...r, uploaded_at: new Date(r.uploaded_at).toISOString() };
  });
  return {
    save: (assetId, type, bytes, by, now) => save(assetId, type, bytes, by, now),
    current(assetId) {
      const row: unknown = newest.get(assetId);
      if (row === undefined) return null;
      const r = rowSchema.parse(row);
      return {
        photo: { ...r, uploaded_at: new Date(r.uploaded_at).toISOString() },
        path: join(dir, r.filename),
      };
    },
  };
}
