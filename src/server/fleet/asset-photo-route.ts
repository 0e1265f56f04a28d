import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  ASSET_PHOTO_FIELD,
  ASSET_PHOTO_MAX_BYTES,
  ASSET_PHOTO_TYPES,
  assetPhotoSchema,
  recordResponseSchema,
  sniffImageType,
} from '../../shared/interface';
import { HttpError, badRequest, notFound } from '../http/http-error';
import { accessibleAsset } from './asset-access';
import { FLEET_PREFIX, fleetRoute, idParams, noBody, noQuery } from './fleet-route';

const invalid = (message: string): HttpError =>
  badRequest('The given data was invalid.', { [ASSET_PHOTO_FIELD]: [message] });

const tooLarge = (): HttpError =>
  new HttpError(413, {
    status: 'error',
    message: `The photo exceeds ${ASSET_PHOTO_MAX_BYTES / (1024 * 1024)} MiB.`,
  });

const statusOf = (err: unknown): number | undefined =>
  typeof err === 'object' && err !== null && 'statusCode' in err && typeof err.statusCode === 'number'
    ? err.statusCode
    : undefined;

/** Reads the one photo part; every multipart failure is the client's (413 or 400), never a 500. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw invalid(`send multipart/form-data with the image in the field "${ASSET_PHOTO_FIELD}"`);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({
      limits: { fileSize: ASSET_PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });
    if (!file) throw invalid('is required');
    if (file.fieldname !== ASSET_PHOTO_FIELD)
      throw invalid(`the image must be sent in the field "${ASSET_PHOTO_FIELD}"`);
    const bytes = await file.toBuffer();
    // The plugin misses the limit when it falls on the last chunk: the stream says it was cut short.
    if (file.file.truncated) throw tooLarge();
    return bytes;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (statusOf(err) === 413) throw tooLarge();
    throw invalid(`the upload could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
}

export const uploadAssetPhoto = fleetRoute(
  {
    method: 'POST',
    url: `${FLEET_PREFIX}/asset/:id/photo`,
    tag: 'Assets',
    summary: 'Upload a photo of the asset (spec 4.3, multipart)',
    description: `multipart/form-data with one file in the field "${ASSET_PHOTO_FIELD}": JPEG, PNG, WebP or GIF (checked by content), at most ${ASSET_PHOTO_MAX_BYTES / (1024 * 1024)} MiB.`,
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: noBody,
    multipart: { field: ASSET_PHOTO_FIELD, types: ASSET_PHOTO_TYPES, maxBytes: ASSET_PHOTO_MAX_BYTES },
    responses: {
      201: { description: 'The photo was stored', schema: recordResponseSchema(assetPhotoSchema) },
    },
  },
  async (deps, { params, user, request, reply }) => {
    const asset = accessibleAsset(deps, user, params.id);
    const bytes = await readPhoto(request);
    if (bytes.length === 0) throw invalid('is empty');
    const type = sniffImageType(bytes);
    if (!type) throw invalid(`must be an image: ${ASSET_PHOTO_TYPES.join(', ')}`);
    const photo = deps.stores.photos.save(asset.id, type, bytes, user.id, deps.ctx.now());
    return reply.code(201).send({ data: photo });
  },
);

export const assetPhoto = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/asset/:id/photo`,
    tag: 'Assets',
    summary: 'The asset’s current photo (ours: spec 4.3 states only POST)',
    description:
      'The newest photo uploaded for the asset, as the image itself with its type; 404 when it has none. ' +
      'Clients keep it for offline viewing.',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: noBody,
    responses: { 200: { description: 'The image', contentType: ASSET_PHOTO_TYPES } },
  },
  async (deps, { params, user, reply }) => {
    const asset = accessibleAsset(deps, user, params.id);
    const current = deps.stores.photos.current(asset.id);
    if (!current) throw notFound(`Asset ${asset.id} has no photo.`);
    const bytes = await readFile(current.path).catch(() => null);
    if (!bytes) throw notFound(`The photo of asset ${asset.id} is no longer stored.`);
    return reply
      .type(current.photo.content_type)
      .header('Cache-Control', 'private, no-store')
      .header('Last-Modified', new Date(current.photo.uploaded_at).toUTCString())
      .send(bytes);
  },
);
