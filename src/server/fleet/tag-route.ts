import {
  recordListQuerySchema,
  recordListResponseSchema,
  recordResponseSchema,
  tagRequestSchema,
  tagSchema,
  type Tag,
} from '../../shared/interface';
import type { ServiceUser } from '../accounts/account';
import { badRequest, forbidden, notFound } from '../http/http-error';
import { requireAssetsInBody } from './asset-access';
import {
  FLEET_PREFIX,
  accountParams,
  fleetRoute,
  idParams,
  noBody,
  noQuery,
  type FleetDeps,
} from './fleet-route';
import { paginate } from './pagination';

const macTaken = () => badRequest('The given data was invalid.', { mac: ['is already registered'] });

/** Beacons are account-wide; one attached to an asset is as visible as that asset (spec 5). */
const visible = (deps: FleetDeps, user: ServiceUser, tag: Tag): boolean =>
  tag.asset_id === null || deps.ctx.account.canAccess(user, tag.asset_id);

export const createTag = fleetRoute(
  {
    method: 'POST',
    url: `${FLEET_PREFIX}/tag`,
    tag: 'Beacons and tags',
    summary: 'Register a Bluetooth beacon / tag (spec 4.3)',
    description:
      'The MAC address must not be registered yet; asset_id, if given, is the asset it is attached to.',
    auth: 'bearer',
    assetAccess: true,
    params: accountParams,
    query: noQuery,
    body: tagRequestSchema,
    responses: { 201: { description: 'The tag was registered', schema: recordResponseSchema(tagSchema) } },
  },
  (deps, { body, user, reply }) => {
    if (body.asset_id !== null) requireAssetsInBody(deps, user, 'asset_id', [body.asset_id]);
    const tag = deps.stores.tags.create(body, user.id, deps.ctx.now());
    if (!tag) throw macTaken();
    return reply.code(201).send({ data: tag });
  },
);

export const listTags = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/tag`,
    tag: 'Beacons and tags',
    summary: 'List the tags and beacons (ours: spec 4.3 states only POST)',
    description:
      'The demo fleet’s beacons and the tags registered through POST tag, by id, paged like assets. ' +
      'A tag attached to an asset the user may not access is left out; `asset_id` lists the tags attached to that asset.',
    auth: 'bearer',
    assetAccess: true,
    params: accountParams,
    query: recordListQuerySchema,
    body: noBody,
    responses: { 200: { description: 'A page of tags', schema: recordListResponseSchema(tagSchema) } },
  },
  (deps, { query, user }) => {
    if (query.asset_id !== undefined) requireAssetsInBody(deps, user, 'asset_id', [query.asset_id]);
    const tags = deps.stores.tags
      .list()
      .filter(
        (t) => visible(deps, user, t) && (query.asset_id === undefined || t.asset_id === query.asset_id),
      );
    const { items, meta } = paginate(tags, query.page, query.per_page);
    return { data: items, meta };
  },
);

export const replaceTag = fleetRoute(
  {
    method: 'PUT',
    url: `${FLEET_PREFIX}/tag/:id`,
    tag: 'Beacons and tags',
    summary: 'Replace a tag: name, MAC, portable, the asset it is attached to (ours: native PUT, spec 4.3)',
    description:
      'The whole body, as POST tag takes it. A tag attached to an asset the user may not access cannot be changed (403); ' +
      'the MAC must not be another tag’s (400 on mac).',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: tagRequestSchema,
    responses: { 200: { description: 'The tag as replaced', schema: recordResponseSchema(tagSchema) } },
  },
  (deps, { params, body, user }) => {
    const current = deps.stores.tags.get(params.id);
    if (!current) throw notFound(`No tag with id ${params.id}.`);
    if (!visible(deps, user, current))
      throw forbidden('You do not have access to the asset this tag is attached to.');
    if (body.asset_id !== null) requireAssetsInBody(deps, user, 'asset_id', [body.asset_id]);
    const tag = deps.stores.tags.replace(params.id, body, user.id);
    if (tag === 'unknown') throw notFound(`No tag with id ${params.id}.`);
    if (tag === 'mac_taken') throw macTaken();
    return { data: tag };
  },
);
