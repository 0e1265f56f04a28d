import { recordResponseSchema, tagRequestSchema, tagSchema } from '../../shared/interface';
import { badRequest } from '../http/http-error';
import { requireAssetsInBody } from './asset-access';
import { FLEET_PREFIX, accountParams, fleetRoute, noQuery } from './fleet-route';

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
    if (!tag) throw badRequest('The given data was invalid.', { mac: ['is already registered'] });
    return reply.code(201).send({ data: tag });
  },
);
