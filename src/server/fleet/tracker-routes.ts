import {
  recordListQuerySchema,
  recordListResponseSchema,
  recordResponseSchema,
  trackerBleRequestSchema,
  trackerBleStateSchema,
  trackerCommandSchema,
  trackerResetRequestSchema,
  type TrackerCommand,
} from '../../shared/interface';
import type { ServiceUser } from '../accounts/account';
import { requireAssetAccess } from '../http/auth';
import { notFound } from '../http/http-error';
import type { SimAsset } from '../sim/types';
import { FLEET_PREFIX, fleetRoute, idParams, noBody, noQuery, type FleetDeps } from './fleet-route';
import { paginate } from './pagination';
import type { StoredCommand } from './tracker-command-store';

/** A simulated tracker confirms a command this long after it was sent, once it has reported again. */
export const COMMAND_ACK_DELAY_MS = 5_000;

function accessibleTracker(deps: FleetDeps, user: ServiceUser, trackerId: number): SimAsset {
  const asset = deps.assetByTracker.get(trackerId);
  if (!asset) throw notFound(`No tracker with id ${trackerId}.`);
  requireAssetAccess(deps.ctx.account, user, asset.id);
  return asset;
}

function commandView(deps: FleetDeps, c: StoredCommand, now: number): TrackerCommand {
  const ackAt = c.createdAt + COMMAND_ACK_DELAY_MS;
  const lastFix = now >= ackAt ? deps.ctx.fleet.lastFixAt(c.assetId, now) : null;
  const acked = lastFix !== null && lastFix >= ackAt;
  return {
    id: c.id,
    tracker_id: c.trackerId,
    asset_id: c.assetId,
    type: c.type,
    parameters: c.parameters,
    status: acked ? 'acknowledged' : 'sent',
    created_at: new Date(c.createdAt).toISOString(),
    acknowledged_at: acked ? new Date(ackAt).toISOString() : null,
    created_by: c.createdBy,
  };
}

export const resetTracker = fleetRoute(
  {
    method: 'POST',
    url: `${FLEET_PREFIX}/tracker/:id/reset`,
    tag: 'Trackers',
    summary: 'Send a reset command to a tracker (spec 4.3)',
    description:
      'The command joins the tracker’s command history; it is acknowledged once the tracker reports again.',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: trackerResetRequestSchema,
    responses: {
      201: { description: 'The command was sent', schema: recordResponseSchema(trackerCommandSchema) },
    },
  },
  (deps, { params, body, user, reply }) => {
    const asset = accessibleTracker(deps, user, params.id);
    const now = deps.ctx.now();
    const cmd = deps.stores.commands.add({
      trackerId: asset.trackerId,
      assetId: asset.id,
      type: 'reset',
      parameters: { mode: body.mode },
      createdBy: user.id,
      createdAt: now,
    });
    return reply.code(201).send({ data: commandView(deps, cmd, now) });
  },
);

export const trackerCommands = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/tracker/:id/commands`,
    tag: 'Trackers',
    summary: 'The commands sent to a tracker, newest first (spec 4.3)',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: recordListQuerySchema.omit({ asset_id: true }),
    body: noBody,
    responses: {
      200: { description: 'A page of commands', schema: recordListResponseSchema(trackerCommandSchema) },
    },
  },
  (deps, { params, query, user }) => {
    const asset = accessibleTracker(deps, user, params.id);
    const now = deps.ctx.now();
    const { items, meta } = paginate(deps.stores.commands.list(asset.trackerId), query.page, query.per_page);
    return { data: items.map((c) => commandView(deps, c, now)), meta };
  },
);

export const setTrackerBle = fleetRoute(
  {
    method: 'PUT',
    url: `${FLEET_PREFIX}/tracker/:id/ble`,
    tag: 'Trackers',
    summary: 'Switch the tracker’s Bluetooth (beacon scanning) on or off (spec 4.3, native PUT)',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: trackerBleRequestSchema,
    responses: { 200: { description: 'The new state', schema: recordResponseSchema(trackerBleStateSchema) } },
  },
  (deps, { params, body, user }) => {
    const asset = accessibleTracker(deps, user, params.id);
    const now = deps.ctx.now();
    const cmd = deps.stores.commands.add({
      trackerId: asset.trackerId,
      assetId: asset.id,
      type: body.enabled ? 'ble_on' : 'ble_off',
      parameters: { enabled: body.enabled },
      createdBy: user.id,
      createdAt: now,
    });
    deps.stores.commands.setBle(asset.trackerId, body.enabled, cmd.id, now);
    return {
      data: {
        tracker_id: asset.trackerId,
        ble_enabled: body.enabled,
        updated_at: new Date(now).toISOString(),
        command_id: cmd.id,
      },
    };
  },
);
