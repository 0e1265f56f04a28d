import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { createPhotoApi } from '../../../src/main/core/api/photo-api';
import { ASSET_PHOTO_MAX_BYTES } from '../../../src/shared/interface';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The photo API of a service that answers GET …/photo with these bytes under this Content-Type. */
const serving = (bytes: Uint8Array, contentType: string) =>
  createPhotoApi(
    createHttpClient({
      getToken: () => 'a-token-for-photos',
      fetch: async () => new Response(bytes, { headers: { 'content-type': contentType } }),
    }),
    'https://fleet.example/api/acme',
  );

describe("an asset photo from the service's answer", () => {
  it('is typed by its content, not by the header', async () => {
    expect(await serving(PNG_1PX, 'application/octet-stream').get(1)).toEqual({
      bytes: new Uint8Array(PNG_1PX),
      contentType: 'image/png',
    });
  });

  it('is refused as a bad answer when it is no image, or larger than any upload', async () => {
    const page = new TextEncoder().encode('<script>alert(1)</script>');
    await expect(serving(page, 'text/html').get(1)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'bad_response',
      message: "The service's photo of this asset is not a JPEG, PNG or WebP image of at most 5 MiB.",
    });
    const huge = Buffer.concat([PNG_1PX, Buffer.alloc(ASSET_PHOTO_MAX_BYTES)]);
    await expect(serving(huge, 'image/png').get(1)).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('is read no further than the largest upload, however much the service sends', async () => {
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    let cancelled = false;
    const oversized = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(pulled === chunk.length ? PNG_1PX : chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const api = createPhotoApi(
      createHttpClient({
        getToken: () => 'a-token-for-photos',
        fetch: async () => new Response(oversized, { headers: { 'content-type': 'image/png' } }),
      }),
      'https://fleet.example/api/acme',
    );
    await expect(api.get(1)).rejects.toMatchObject({
      kind: 'bad_response',
      route: 'GET /asset/{id}/photo',
      message:
        "The service's answer to GET /asset/{id}/photo is larger than 5 MiB, the most Fleetdesk reads of it; it was not read.",
    });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(ASSET_PHOTO_MAX_BYTES + 2 * chunk.length);
  });
});
