import { z } from 'zod';
import {
  recordListQuerySchema,
  recordListResponseSchema,
  recordMetaSchema,
  recordResponseSchema,
} from '../../../shared/interface';
import type { ServiceUser } from '../../accounts/account';
import { deprecatedSince } from '../../http/deprecation';
import { forbidden, notFound } from '../../http/http-error';
import { requireAssetsInBody } from '../asset-access';
import {
  FLEET_PREFIX,
  accountParams,
  fleetRoute,
  idParams,
  noBody,
  noQuery,
  type FleetDeps,
  type FleetInput,
  type FleetRoute,
  type FleetRouteDoc,
} from '../fleet-route';
import { paginate } from '../pagination';
import { recordAssets, type RecordResource } from './record-resources';
import type { StoredRecord } from './record-store';

/** Spec 9: on 2026-01-01 PUT and DELETE became native; the POST emulations answer with deprecation headers. */
const NATIVE_METHODS_SINCE = '2026-01-01';

const visibleTo = (res: RecordResource, user: ServiceUser, assetIds: readonly number[] | null): boolean =>
  res.audience === 'account' ||
  user.assetIds === null ||
  (assetIds !== null && assetIds.every((id) => user.assetIds?.includes(id)));

const view = (r: StoredRecord): Record<string, unknown> => ({
  id: r.id,
  ...r.body,
  created_at: new Date(r.createdAt).toISOString(),
  updated_at: new Date(r.updatedAt).toISOString(),
});

/**
 * Checks the assets a body names: they exist, are the user's, and only full-fleet users write fleet-wide
 * records; then the resource's own checks. An account-wide record (a geofence) names no asset.
 */
function assetsOfBody(
  deps: FleetDeps,
  res: RecordResource,
  user: ServiceUser,
  body: Record<string, unknown>,
): number[] | null {
  res.checkBody?.(deps, body);
  if (res.audience === 'account') return null;
  const { field, ids } = recordAssets(body);
  if (ids === null && user.assetIds !== null)
    throw forbidden('Only a user with access to every asset may create a fleet-wide record.');
  if (ids !== null) requireAssetsInBody(deps, user, field, ids);
  return ids;
}

function existing(deps: FleetDeps, res: RecordResource, user: ServiceUser, id: number): StoredRecord {
  const record = deps.stores.records.get(res.path, id);
  if (!record) throw notFound(`No ${res.path} with id ${id}.`);
  if (!visibleTo(res, user, record.assetIds))
    throw forbidden('You do not have access to the assets of this record.');
  return record;
}

/**
 * A native route and its pre-2026 POST emulation (`…/update`, `…/delete`),
 * which does the same and answers with the deprecation headers (spec 9).
 */
function withLegacyPost<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  doc: FleetRouteDoc<P, Q, B>,
  verb: 'update' | 'delete',
  handle: (deps: FleetDeps, input: FleetInput<z.output<P>, z.output<Q>, z.output<B>>) => unknown,
): FleetRoute[] {
  return [
    fleetRoute(doc, handle),
    fleetRoute(
      {
        ...doc,
        method: 'POST',
        url: `${doc.url}/${verb}`,
        summary: `Deprecated: ${doc.method} through POST`,
        description: `Before ${NATIVE_METHODS_SINCE} this was POSTed here (spec 9). It still works; use ${doc.method}.`,
        deprecation: deprecatedSince(NATIVE_METHODS_SINCE, `${doc.method} ${doc.url}`),
      },
      handle,
    ),
  ];
}

/** GET (list, one), POST, native PUT and DELETE, and the deprecated POST emulations, for one resource. */
export function recordRoutes(res: RecordResource): FleetRoute[] {
  const base = `${FLEET_PREFIX}/${res.path}`;
  const one = z.intersection(recordMetaSchema, res.body);
  const common = { tag: res.title, auth: 'bearer', assetAccess: res.audience !== 'account' } as const;
  const extra = res.extraResponses ?? {};
  const listQuery =
    res.audience === 'account' ? recordListQuerySchema.omit({ asset_id: true }) : recordListQuerySchema;

  const replace = (
    deps: FleetDeps,
    { params, body, user }: { params: { id: number }; body: Record<string, unknown>; user: ServiceUser },
  ): unknown => {
    const record = existing(deps, res, user, params.id);
    const ids = assetsOfBody(deps, res, user, body);
    res.checkChange?.(deps, user, record, 'replace');
    const updated = deps.stores.records.replace(res.path, params.id, body, ids, deps.ctx.now());
    if (!updated) throw notFound(`No ${res.path} with id ${params.id}.`);
    return { data: view(updated) };
  };
  const remove = (deps: FleetDeps, { params, user }: { params: { id: number }; user: ServiceUser }): null => {
    const record = existing(deps, res, user, params.id);
    res.checkChange?.(deps, user, record, 'remove');
    deps.stores.records.remove(res.path, params.id);
    return null;
  };
  const putDoc = {
    ...common,
    params: idParams,
    query: noQuery,
    body: res.body,
    responses: {
      200: { description: 'The record as replaced', schema: recordResponseSchema(one) },
      ...extra.write,
      ...extra.replace,
    },
  };
  const deleteDoc = {
    ...common,
    params: idParams,
    query: noQuery,
    body: noBody,
    responses: { 204: { description: 'Deleted' }, ...extra.remove },
  };

  return [
    fleetRoute(
      {
        ...common,
        method: 'GET',
        url: base,
        summary: `List ${res.title.toLowerCase()} (spec 4.3)`,
        description: [
          res.audience === 'account'
            ? 'Paged like the asset list.'
            : 'Paged like the asset list; asset_id narrows to the records of one asset.',
          res.description,
        ]
          .filter(Boolean)
          .join(' '),
        params: accountParams,
        query: listQuery,
        body: noBody,
        responses: { 200: { description: 'A page of records', schema: recordListResponseSchema(one) } },
      },
      (deps, { query, user }) => {
        const assetId =
          'asset_id' in query && typeof query.asset_id === 'number' ? query.asset_id : undefined;
        // A filter names an asset: it must exist (400) and be the user's (403), as everywhere (spec 5).
        if (assetId !== undefined) requireAssetsInBody(deps, user, 'asset_id', [assetId]);
        const all = deps.stores.records
          .list(res.path)
          .filter((r) => visibleTo(res, user, r.assetIds))
          .filter((r) => assetId === undefined || (r.assetIds ?? []).includes(assetId));
        const { items, meta } = paginate(all, query.page, query.per_page);
        return { data: items.map(view), meta };
      },
    ),
    fleetRoute(
      {
        ...common,
        method: 'GET',
        url: `${base}/:id`,
        summary: `One of the ${res.title.toLowerCase()}`,
        params: idParams,
        query: noQuery,
        body: noBody,
        responses: { 200: { description: 'The record', schema: recordResponseSchema(one) } },
      },
      (deps, { params, user }) => ({ data: view(existing(deps, res, user, params.id)) }),
    ),
    fleetRoute(
      {
        ...common,
        method: 'POST',
        url: base,
        summary: `Create one of the ${res.title.toLowerCase()}`,
        params: accountParams,
        query: noQuery,
        body: res.body,
        responses: { 201: { description: 'Created', schema: recordResponseSchema(one) }, ...extra.write },
      },
      (deps, { body, user, reply }) => {
        const ids = assetsOfBody(deps, res, user, body);
        const now = deps.ctx.now();
        return reply
          .code(201)
          .send({ data: view(deps.stores.records.create(res.path, body, ids, user.id, now)) });
      },
    ),
    ...withLegacyPost(
      {
        ...putDoc,
        method: 'PUT',
        url: `${base}/:id`,
        summary: `Replace one of the ${res.title.toLowerCase()} (native PUT)`,
      },
      'update',
      replace,
    ),
    ...withLegacyPost(
      {
        ...deleteDoc,
        method: 'DELETE',
        url: `${base}/:id`,
        summary: `Delete one of the ${res.title.toLowerCase()} (native DELETE)`,
      },
      'delete',
      (deps, input) => input.reply.code(204).send(remove(deps, input)),
    ),
  ];
}
