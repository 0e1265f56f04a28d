import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService, type ReadyUser } from '../../../src/server';
import {
  accountChannelName,
  broadcastingAuthResponseSchema,
  errorBodySchema,
  reportsChannelName,
  unauthorizedBodySchema,
  validationErrorBodySchema,
} from '../../../src/shared/interface';
import { awaitSubscriptionError, closePusher, pusherClientFor } from '../../support/pusher';

describe('broadcasting auth (spec 4.1, 4.2)', () => {
  let service: LocalService;
  let operator: ReadyUser;
  let restricted: ReadyUser;
  let liveEndpoint: string;
  let reportsEndpoint: string;

  const post = (endpoint: string, token: string | null, body: string, type: string): Promise<Response> =>
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': type, ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
      body,
    });
  const postJson = (endpoint: string, token: string | null, body: unknown): Promise<Response> =>
    post(endpoint, token, JSON.stringify(body), 'application/json');

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000 });
    const op = service.users.find((u) => u.asset_ids === null);
    const re = service.users.find((u) => u.asset_ids !== null);
    if (!op || !re) throw new Error('the ready line lacks a user');
    operator = op;
    restricted = re;
    liveEndpoint = `${service.api_url}/broadcasting/auth`;
    reportsEndpoint = `${service.base_url}/api/broadcasting/auth`;
  });
  afterAll(async () => {
    await service.stop();
  });

  it('signs the account channel for its user, from a JSON body or a form body', async () => {
    const channel = accountChannelName(service.account_key);
    const asJson = await postJson(liveEndpoint, operator.token, {
      channel_name: channel,
      socket_id: '123.456',
    });
    expect(asJson.status).toBe(200);
    const body = broadcastingAuthResponseSchema.parse(await asJson.json());
    expect(body.auth).toMatch(new RegExp(`^${service.app_key}:[0-9a-f]{64}$`));

    const form = new URLSearchParams({ channel_name: channel, socket_id: '123.456' }).toString();
    const asForm = await post(liveEndpoint, operator.token, form, 'application/x-www-form-urlencoded');
    expect(asForm.status).toBe(200);
    expect(broadcastingAuthResponseSchema.parse(await asForm.json()).auth).toBe(body.auth);
  });

  it("signs the user's own reports channel on the reporting endpoint", async () => {
    const channel = reportsChannelName(service.account_key, restricted.id);
    const res = await postJson(reportsEndpoint, restricted.token, {
      channel_name: channel,
      socket_id: '1.2',
    });
    expect(res.status).toBe(200);
    expect(broadcastingAuthResponseSchema.parse(await res.json()).auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
  });

  it('answers 401 {message} to a missing or unknown token', async () => {
    const channel = accountChannelName(service.account_key);
    for (const token of [null, 'not-a-real-token-at-all']) {
      const res = await postJson(liveEndpoint, token, { channel_name: channel, socket_id: '1.2' });
      expect(res.status).toBe(401);
      expect(unauthorizedBodySchema.parse(await res.json()).message).not.toBe('');
    }
  });

  it("answers 403 when a user asks for another user's reports channel or another account's channel", async () => {
    for (const channel of [
      reportsChannelName(service.account_key, operator.id),
      reportsChannelName('another-account', restricted.id),
      accountChannelName('another-account'),
      'private-anything-else',
    ]) {
      const res = await postJson(reportsEndpoint, restricted.token, {
        channel_name: channel,
        socket_id: '1.2',
      });
      expect(res.status).toBe(403);
      expect(errorBodySchema.parse(await res.json()).status).toBe('error');
    }
  });

  it('answers 400 with field errors to a missing channel or a malformed socket id', async () => {
    const res = await postJson(liveEndpoint, operator.token, { socket_id: 'abc' });
    expect(res.status).toBe(400);
    const body = validationErrorBodySchema.parse(await res.json());
    expect(Object.keys(body.errors).sort()).toEqual(['channel_name', 'socket_id']);

    const broken = await post(liveEndpoint, operator.token, '{"channel_name":', 'application/json');
    expect(broken.status).toBe(400);
    validationErrorBodySchema.parse(await broken.json());
  });

  it('a pusher-js client with a bad token sees a subscription error carrying the 401', async () => {
    const pusher = pusherClientFor(service, operator, 'live', { token: 'wrong-token-wrong-token' });
    try {
      const channel = pusher.subscribe(accountChannelName(service.account_key));
      const error = await awaitSubscriptionError(channel);
      expect(error.type).toBe('AuthError');
      expect(error.status).toBe(401);
    } finally {
      await closePusher(pusher);
    }
  });

  it("a restricted pusher-js client cannot subscribe to another user's reports channel (403)", async () => {
    const pusher = pusherClientFor(service, restricted, 'reports');
    try {
      const channel = pusher.subscribe(reportsChannelName(service.account_key, operator.id));
      const error = await awaitSubscriptionError(channel);
      expect(error.status).toBe(403);
    } finally {
      await closePusher(pusher);
    }
  });
});
