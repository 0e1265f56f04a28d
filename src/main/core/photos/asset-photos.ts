import type { AssetPhotoView } from '../../../shared/ipc/fleet-admin-views';
import { CoreError } from '../core-error';
import type { ShellServices } from '../ipc-handlers';
import type { AdminContext } from '../records/admin-context';
import { readThrough, write } from '../records/service-calls';
import { photoFromBase64, readPhotoFile, type PhotoFile } from './photo-file';

/** A photo fetched this recently is shown from the cache without asking again (a list of thumbnails). */
const PHOTO_FRESH_MS = 60_000;

/**
 * Spec 4.3 asset/{id}/photo: uploads checked before sending (type by content,
 * 5 MiB), and the current photo from the service or the offline cache, as a
 * data: address (the renderer's CSP admits data: images and nothing of main's
 * file system).
 */
export interface AssetPhotos {
  /** Without `file`, the shell's native dialog; null when the user cancels it. */
  upload(
    assetId: number,
    file?: { readonly name: string; readonly base64: string },
  ): Promise<AssetPhotoView | null>;
  get(assetId: number): Promise<AssetPhotoView | null>;
}

const view = (
  assetId: number,
  photo: { readonly bytes: Uint8Array; readonly contentType: string },
  fetchedAt: number,
  fromCache: boolean,
): AssetPhotoView => ({
  assetId,
  contentType: photo.contentType,
  size: photo.bytes.length,
  dataUrl: `data:${photo.contentType};base64,${Buffer.from(photo.bytes).toString('base64')}`,
  fetchedAt,
  fromCache,
});

export function createAssetPhotos(
  ctx: AdminContext,
  shell: Pick<ShellServices, 'chooseImageFile'>,
): AssetPhotos {
  const choose = async (): Promise<PhotoFile | null> => {
    if (!shell.chooseImageFile)
      throw new CoreError(
        'unavailable',
        'This window has no file dialog: choose the photo in the page instead.',
      );
    const path = await shell.chooseImageFile();
    return path === null ? null : readPhotoFile(path);
  };
  return {
    async upload(assetId, file) {
      const photo = file ? photoFromBase64(file.name, file.base64) : await choose();
      if (!photo) return null;
      await write(ctx, (api) => api.photos.upload(assetId, photo));
      const scope = ctx.scope();
      const at = scope === null ? ctx.now() : ctx.photos.put(scope, assetId, photo);
      ctx.changed({ family: 'photos', assetId });
      return view(assetId, photo, at, false);
    },
    get(assetId) {
      const cached = (scope: string, fromCache: boolean): AssetPhotoView | null => {
        const c = ctx.photos.get(scope, assetId);
        return c?.photo ? view(assetId, c.photo, c.fetchedAt, fromCache) : null;
      };
      return readThrough(
        ctx,
        async (api, scope) => {
          const known = ctx.photos.get(scope, assetId);
          if (known && ctx.now() - known.fetchedAt < PHOTO_FRESH_MS) return cached(scope, true);
          const photo = await api.photos.get(assetId);
          const at = ctx.photos.put(scope, assetId, photo);
          return photo ? view(assetId, photo, at, false) : null;
        },
        (scope) => cached(scope, true),
      );
    },
  };
}
