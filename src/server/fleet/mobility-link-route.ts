import {
  mobilityLinkRequestSchema,
  mobilityLinkSchema,
  recordListQuerySchema,
  recordListResponseSchema,
  recordResponseSchema,
} from '../../shared/interface';
import type { ServiceUser } from '../accounts/account';
import { forbidden } from '../http/http-error';
import { requireAssetsInBody } from './asset-access';
import { FLEET_PREFIX, accountParams, fleetRoute, noBody, noQuery, type FleetDeps } from './fleet-route';
import type { MobilityLink } from './mobility-link-store';
import { paginate } from './pagination';

/** As with the records: a link is the user's to see when they may access every asset it names. */
const visible = (deps: FleetDeps, user: ServiceUser, link: MobilityLink): boolean =>
  link.asset_ids === null
    ? user.assetIds === null
    : link.asset_ids.every((id) => deps.ctx.account.canAccess(user, id));

export const linkMobility = fleetRoute(
  {
    method: 'POST',
    url: `${FLEET_PREFIX}/link-mobility`,
    tag: 'Account',
    summary: 'Link the account to a mobility platform account (spec 4.3)',
    description:
      'Without asset_ids the link covers every asset, which only a user with access to every asset may do. ' +
      'Linking the same external account again answers 200 with the existing link, or 403 when that link ' +
      'names assets the user may not access.',
    auth: 'bearer',
    assetAccess: true,
    params: accountParams,
    query: noQuery,
    body: mobilityLinkRequestSchema,
    responses: {
      201: { description: 'Linked', schema: recordResponseSchema(mobilityLinkSchema) },
      200: { description: 'Already linked', schema: recordResponseSchema(mobilityLinkSchema) },
    },
  },
  (deps, { body, user, reply }) => {
    const assetIds = body.asset_ids === undefined ? null : [...new Set(body.asset_ids)];
    if (assetIds === null && user.assetIds !== null)
      throw forbidden('Only a user with access to every asset may link the whole account.');
    if (assetIds !== null) requireAssetsInBody(deps, user, 'asset_ids', assetIds);
    const { link, created } = deps.stores.mobilityLinks.link(
      body.provider,
      body.external_account_id,
      assetIds,
      user.id,
      deps.ctx.now(),
    );
    // Linking an external account again answers with its link, which may name assets the user may not access.
    if (!visible(deps, user, link))
      throw forbidden('This external account is linked for assets you do not have access to.');
    return reply.code(created ? 201 : 200).send({ data: link });
  },
);

export const listMobilityLinks = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/link-mobility`,
    tag: 'Account',
    summary: 'List the account’s mobility platform links (ours: spec 4.3 states only POST)',
    description:
      'By id, paged like assets. As with the records, a link is listed to users who may access every asset it names; ' +
      'a link of the whole account only to users with every asset.',
    auth: 'bearer',
    params: accountParams,
    query: recordListQuerySchema.omit({ asset_id: true }),
    body: noBody,
    responses: {
      200: { description: 'A page of links', schema: recordListResponseSchema(mobilityLinkSchema) },
    },
  },
  (deps, { query, user }) => {
    const links = deps.stores.mobilityLinks.list().filter((l) => visible(deps, user, l));
    const { items, meta } = paginate(links, query.page, query.per_page);
    return { data: items, meta };
  },
);
