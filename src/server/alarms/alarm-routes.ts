import { z } from 'zod';
import {
  ALARM_ACKNOWLEDGED_EVENT,
  accountChannelName,
  alarmAcknowledgeBodySchema,
  alarmAcknowledgeConflictBodySchema,
  alarmResponseSchema,
  alarmSchema,
  paginationMetaSchema,
} from '../../shared/interface';
import type { ServiceUser } from '../accounts/account';
import { requireAssetAccess } from '../http/auth';
import { HttpError, badRequest, notFound } from '../http/http-error';
import { accessibleAsset } from '../fleet/asset-access';
import {
  FLEET_PREFIX,
  accountParams,
  fleetRoute,
  idParams,
  noBody,
  noQuery,
  type FleetDeps,
} from '../fleet/fleet-route';
import { alarmListQuerySchema } from './alarm-query';
import type { StoredAlarm } from './alarm-store';
import { alarmView } from './alarm-view';

const TAG = 'Alarms';

/** The alarm behind a path id: unknown → 404, of an asset the user may not access → 403 (spec 5). */
function accessibleAlarm(deps: FleetDeps, user: ServiceUser, id: number): StoredAlarm {
  const alarm = deps.stores.alarms.get(id);
  if (!alarm) throw notFound(`No alarm with id ${id}.`);
  requireAssetAccess(deps.ctx.account, user, alarm.assetId);
  return alarm;
}

export const listAlarms = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/alarm`,
    tag: TAG,
    summary: 'Alarms, newest first (ours, docs/service-interface.md §4.3)',
    description:
      'Every alarm the alert rules raised, newest (highest id) first, paged like the asset list (spec 4.2). ' +
      'Filters: since (raised_at at or after), asset_id, kind, severity, acknowledged (true or false). A ' +
      'restricted user sees only alarms of their assets; an asset_id filter naming another asset is a 403, an ' +
      'unknown one a 400.',
    auth: 'bearer',
    assetAccess: true,
    params: accountParams,
    query: alarmListQuerySchema,
    body: noBody,
    responses: {
      200: {
        description: 'A page of alarms',
        schema: z.object({ data: z.array(alarmSchema), meta: paginationMetaSchema }),
      },
    },
  },
  (deps, { query, user }) => {
    if (query.asset_id !== undefined) {
      if (deps.ctx.fleet.asset(query.asset_id) === undefined)
        throw badRequest('The given data was invalid.', { asset_id: [`unknown asset ${query.asset_id}`] });
      accessibleAsset(deps, user, query.asset_id);
    }
    const { items, total } = deps.stores.alarms.page(
      {
        since: query.since === undefined ? undefined : Date.parse(query.since),
        assetId: query.asset_id,
        kind: query.kind,
        severity: query.severity,
        acknowledged: query.acknowledged,
        visibleAssetIds: user.assetIds,
      },
      query.page,
      query.per_page,
    );
    return {
      data: items.map((a) => alarmView(deps.ctx.fleet, a)),
      meta: {
        current_page: query.page,
        per_page: query.per_page,
        total,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
      },
    };
  },
);

export const getAlarm = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/alarm/:id`,
    tag: TAG,
    summary: 'One alarm (ours)',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: noBody,
    responses: { 200: { description: 'The alarm', schema: alarmResponseSchema } },
  },
  (deps, { params, user }) => ({ data: alarmView(deps.ctx.fleet, accessibleAlarm(deps, user, params.id)) }),
);

export const acknowledgeAlarm = fleetRoute(
  {
    method: 'POST',
    url: `${FLEET_PREFIX}/alarm/:id/acknowledge`,
    tag: TAG,
    summary: 'Acknowledge an alarm, once (ours)',
    description:
      'Records who (user id and name) and when, with an optional comment, and sends alarm.acknowledged on ' +
      'private-account.<key> to every subscriber who may see the asset. Only the first acknowledgement ' +
      'counts: a second one is a 409 whose data is the alarm with the acknowledgement it already has, so two ' +
      'operators never both handle one alarm. The body may be omitted.',
    auth: 'bearer',
    assetAccess: true,
    params: idParams,
    query: noQuery,
    body: alarmAcknowledgeBodySchema.default({}),
    responses: {
      200: { description: 'The alarm as acknowledged', schema: alarmResponseSchema },
      409: {
        description: 'Already acknowledged; data is the alarm with its existing acknowledgement',
        schema: alarmAcknowledgeConflictBodySchema,
      },
    },
  },
  (deps, { params, body, user }) => {
    accessibleAlarm(deps, user, params.id);
    const result = deps.stores.alarms.acknowledge(params.id, {
      userId: user.id,
      userName: user.name,
      at: deps.ctx.now(),
      comment: body.comment === undefined || body.comment === '' ? null : body.comment,
    });
    if (result.outcome === 'missing') throw notFound(`No alarm with id ${params.id}.`);
    const data = alarmView(deps.ctx.fleet, result.alarm);
    if (result.outcome === 'already') {
      const ack = data.acknowledgement;
      throw new HttpError(409, {
        status: 'error',
        message: `Alarm ${data.id} was already acknowledged by ${ack?.user_name ?? 'another user'} at ${ack?.at ?? 'an earlier time'}.`,
        data,
      });
    }
    deps.ctx.publishForAssets(
      accountChannelName(deps.ctx.account.key),
      ALARM_ACKNOWLEDGED_EVENT,
      [{ assetId: data.asset_id, data }],
      false,
    );
    return { data };
  },
);

export const ALARM_ROUTES = [listAlarms, getAlarm, acknowledgeAlarm];
