import { z } from 'zod';

/** Spec 4.3 asset/{id}/photo (POST, multipart). Limits are ours. */
export const ASSET_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const ASSET_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The multipart field that carries the file. */
export const ASSET_PHOTO_FIELD = 'photo';

export const assetPhotoSchema = z.object({
  id: z.int().positive(),
  asset_id: z.int().positive(),
  content_type: z.enum(ASSET_PHOTO_TYPES),
  size: z.int().positive(),
  filename: z.string(),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type AssetPhoto = z.infer<typeof assetPhotoSchema>;
export type AssetPhotoType = (typeof ASSET_PHOTO_TYPES)[number];
