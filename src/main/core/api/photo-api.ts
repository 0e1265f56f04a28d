import {
  ASSET_PHOTO_FIELD,
  ASSET_PHOTO_MAX_BYTES,
  assetPhotoSchema,
  sniffImageType,
  type AssetPhoto,
} from '../../../shared/interface';
import { PHOTO_UPLOAD_TYPES } from '../../../shared/ipc/fleet-admin-views';
import { ApiError } from './api-error';
import type { HttpClient } from './http-client';
import { parseRecord } from './record-envelope';

export interface PhotoBytes {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/**
 * Spec 4.3 asset/{id}/photo: POST multipart (field `photo`), and the local
 * service's GET of the current photo's bytes (docs/service-interface.md §4.3).
 */
export interface PhotoApi {
  upload(assetId: number, photo: PhotoBytes & { readonly filename: string }): Promise<AssetPhoto>;
  /** null: the asset has no photo (404). */
  get(assetId: number): Promise<PhotoBytes | null>;
}

/** A 5 MiB upload on a slow line takes longer than a small request. */
const PHOTO_TIMEOUT_MS = 120_000;

export function createPhotoApi(http: HttpClient, base: string): PhotoApi {
  return {
    async upload(assetId, photo) {
      const route = 'POST /asset/{id}/photo';
      const form = new FormData();
      // A copy in a plain ArrayBuffer: Blob takes no view of a shared or pooled buffer.
      form.append(
        ASSET_PHOTO_FIELD,
        new Blob([photo.bytes.slice()], { type: photo.contentType }),
        photo.filename,
      );
      const res = await http.send({
        method: 'POST',
        url: `${base}/asset/${assetId}/photo`,
        route,
        form,
        timeoutMs: PHOTO_TIMEOUT_MS,
      });
      return parseRecord(http, assetPhotoSchema, res.body, route);
    },
    async get(assetId) {
      const route = 'GET /asset/{id}/photo';
      try {
        const res = await http.send({
          method: 'GET',
          url: `${base}/asset/${assetId}/photo`,
          route,
          responseType: 'bytes',
          timeoutMs: PHOTO_TIMEOUT_MS,
          // Nothing larger than an upload may be is kept, so nothing larger is read.
          maxBodyBytes: ASSET_PHOTO_MAX_BYTES,
        });
        if (!(res.body instanceof Uint8Array))
          throw new ApiError({ kind: 'bad_response', route, message: 'The photo has no content.' });
        // Kept in the cache and shown as a data: address: only what an upload may be, typed by its
        // content, never by the header (a text/html "photo" of any size).
        const bytes = res.body;
        const contentType = PHOTO_UPLOAD_TYPES.find((t) => t === sniffImageType(bytes));
        // Its size was held to ASSET_PHOTO_MAX_BYTES as it was read (maxBodyBytes above).
        if (!contentType)
          throw new ApiError({
            kind: 'bad_response',
            route,
            message: `The service's photo of this asset is not a JPEG, PNG or WebP image of at most ${ASSET_PHOTO_MAX_BYTES / 1024 / 1024} MiB.`,
          });
        return { bytes, contentType };
      } catch (err) {
        if (err instanceof ApiError && err.kind === 'not_found') return null;
        throw err;
      }
    },
  };
}
