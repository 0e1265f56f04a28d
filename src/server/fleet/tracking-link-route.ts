import { trackingLinkRequestSchema, trackingLinkSchema } from '../../shared/interface';
import { badRequest } from '../http/http-error';
import { accessibleAsset } from './asset-access';
import { FLEET_PREFIX, accountParams, fleetRoute, noQuery } from './fleet-route';

export const createTrackingLink = fleetRoute(
  {
    method: 'POST',
    url: `${FLEET_PREFIX}/public-tracking-link`,
    tag: 'Tracking links',
    summary: 'Share an asset’s live position through a public link (spec 2.10)',
    description:
      'asset_id and access_type are required; name defaults to "<asset name> — live", expires_at to null ' +
      '(never), show_eta and show_history to false. expires_at must be in the future. email and email_code ' +
      'links require allowed_viewers (e-mail addresses, or @domain for every address at exactly that domain; ' +
      'at most 50, compared in lower case): only those addresses are sent a verification mail. Other ' +
      'access types take no allowed_viewers.',
    auth: 'bearer',
    assetAccess: true,
    params: accountParams,
    query: noQuery,
    body: trackingLinkRequestSchema,
    responses: { 201: { description: 'The link was created', schema: trackingLinkSchema } },
  },
  (deps, { body, user, reply }) => {
    const { ctx } = deps;
    const asset = accessibleAsset(deps, user, body.asset_id);
    const now = ctx.now();
    if (body.expires_at !== null && Date.parse(body.expires_at) <= now)
      throw badRequest('The given data was invalid.', { expires_at: ['must be in the future'] });
    const link = ctx.trackingLinks.create(body, { name: `${asset.name} — live`, createdBy: user.id, now });
    return reply.code(201).send(ctx.trackingLinks.toResponse(link, ctx.urls.tracking_url));
  },
);
