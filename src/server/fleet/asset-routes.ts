import {
  assetListQuerySchema,
  assetListResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  locationSchema,
} from '../../shared/interface';
import { badRequest, notFound } from '../http/http-error';
import { accessibleAsset } from './asset-access';
import { assetListItem } from './asset-view';
import {
  acceptsHistoryColumns,
  HISTORY_COLUMNS_MEDIA_TYPE,
  LITTLE_ENDIAN,
} from '../../shared/interface/history-columns-wire';
import { historyColumnsAnswer } from './history-columns-answer';
import { LocationJsonWriter } from './location-json';
import { FLEET_PREFIX, accountParams, fleetRoute, idParams, noBody, noQuery } from './fleet-route';
import { paginate } from './pagination';

/** History before this is not a date anyone means (a typo'd year); spec 7's 400 instead of an empty scan. */
const HISTORY_EARLIEST = Date.UTC(2000, 0, 1);

const matches = (needle: string, ...fields: string[]): boolean =>
  fields.some((f) => f.toLowerCase().includes(needle));

export const listAssets = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/asset`,
    tag: 'Assets',
    summary: 'List the assets the user may see (spec 2.7, 4.2)',
    description:
      'Paged by `page` (from 1) and `per_page`; `search` matches name, registration, VIN, make, model and IMEI. ' +
      'A page past the last is empty, with meta telling the last page.',
    auth: 'bearer',
    params: accountParams,
    query: assetListQuerySchema,
    body: noBody,
    responses: { 200: { description: 'A page of assets', schema: assetListResponseSchema } },
  },
  ({ ctx }, { query, user }) => {
    const needle = query.search?.trim().toLowerCase() ?? '';
    const visible = ctx.fleet.assets.filter(
      (a) =>
        ctx.account.canAccess(user, a.id) &&
        (needle === '' || matches(needle, a.name, a.registration, a.vin, a.make, a.model, a.imei)),
    );
    const { items, meta } = paginate(visible, query.page, query.per_page);
    const now = ctx.now();
    return { data: items.map((a) => assetListItem(ctx.fleet, a, now)), meta };
  },
);

export const assetLocation = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/asset/:id/location`,
    tag: 'Assets',
    summary: "The asset's last reported position (spec 2.8)",
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: noBody,
    responses: { 200: { description: 'The last fix', schema: locationSchema } },
  },
  (deps, { params, user, reply }) => {
    const asset = accessibleAsset(deps, user, params.id);
    const lastFix = deps.ctx.fleet.lastFixAt(asset.id, deps.ctx.now());
    if (lastFix === null) throw notFound(`Asset ${asset.id} has not reported a position yet.`);
    const json = new LocationJsonWriter().location(deps.ctx.fleet.sampleAt(asset.id, lastFix)).toBuffer();
    return reply.type('application/json; charset=utf-8').send(json);
  },
);

export const assetHistory = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/asset/:id/history`,
    tag: 'Assets',
    summary: 'Positions between start and end, at the tracker’s reporting interval (spec 2.8, 4.2)',
    description:
      'start and end are ISO 8601 timestamps, end after start, at most 31 days apart. Positions after ' +
      'the present are not reported yet, so the range is cut at now. Offline gaps have no points.',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: historyQuerySchema,
    body: noBody,
    responses: {
      200: {
        description:
          'Positions, oldest first: `{"data": [positions]}` (spec 2.8). A client whose Accept names ' +
          `${HISTORY_COLUMNS_MEDIA_TYPE} may get the same positions as columns instead, with that ` +
          'Content-Type (docs/interface-decisions.md "History as columns"): little-endian, "FHC1", the ' +
          'count as uint32, then whole columns: t (epoch ms), latitude, longitude, odometer as float64; ' +
          'altitude, speed, heading as float32; ignition (0, 1, 255 unknown) and satellites (255 unknown) ' +
          'as uint8; NaN where JSON has null. The schema below is the JSON form.',
        schema: historyResponseSchema,
        contentType: ['application/json', HISTORY_COLUMNS_MEDIA_TYPE],
      },
    },
  },
  (deps, { params, query, user, reply, request }) => {
    const asset = accessibleAsset(deps, user, params.id);
    const start = Date.parse(query.start);
    if (start < HISTORY_EARLIEST)
      throw badRequest('The given data was invalid.', { start: ['must be on or after 2000-01-01'] });
    const end = Math.min(Date.parse(query.end), deps.ctx.now());
    const most = Math.max(0, Math.floor((end - start) / asset.intervalMs) + 1);
    // The form depends on Accept (RFC 9110 §12.5.5): a cache must not give one client's form to another.
    reply.header('Vary', 'Accept');
    if (LITTLE_ENDIAN && acceptsHistoryColumns(request.headers.accept)) {
      const bytes = historyColumnsAnswer(most, (visit) => {
        if (end >= start) deps.ctx.fleet.forEachSample(asset.id, start, end, visit);
      });
      return reply
        .type(HISTORY_COLUMNS_MEDIA_TYPE)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    // Written as bytes (location-json.ts): 259,200 points as objects or strings take seconds, not < 1 s.
    const json = new LocationJsonWriter(Math.max(0, end - start) / asset.intervalMs + 1).raw('{"data":[');
    if (end >= start) deps.ctx.fleet.forEachSample(asset.id, start, end, json.locations());
    return reply.type('application/json; charset=utf-8').send(json.raw(']}').toBuffer());
  },
);
