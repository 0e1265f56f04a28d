import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService, type ReadyUser } from '../../../src/server';
import {
  LOCATION_UPDATED_EVENT,
  accountChannelName,
  broadcastingAuthResponseSchema,
  reportsChannelName,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, rawSocketUrl, subscribedClient } from '../../support/pusher';
import { establishedSocketId, openRawSocket, requestAuth } from './raw-socket';

describe('the Pusher protocol server, frame by frame', () => {
  let service: LocalService;
  let operator: ReadyUser;
  let restricted: ReadyUser;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 10, tickMs: 200 });
    const op = service.users.find((u) => u.asset_ids === null);
    const re = service.users.find((u) => u.asset_ids !== null);
    if (!op || !re) throw new Error('the ready line lacks a user');
    operator = op;
    restricted = re;
  });
  afterAll(async () => {
    await service.stop();
  });

  it('greets with pusher:connection_established whose data is a JSON string with socket_id and activity_timeout', async () => {
    const sock = openRawSocket(rawSocketUrl(service));
    const frame = await sock.waitFor((f) => f.event === 'pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    const data: unknown = JSON.parse(String(frame.data));
    expect(data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    sock.ws.close();
  });

  it('refuses an unknown app key with pusher:error and close code 4001', async () => {
    const sock = openRawSocket(rawSocketUrl(service, 'not-our-app'));
    const error = await sock.waitFor((f) => f.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4001 });
    expect((await sock.closed).code).toBe(4001);
  });

  it('refuses a missing or unsupported protocol version, a malformed key and a path outside /app/<key>', async () => {
    const cases: Array<[string, number]> = [
      [rawSocketUrl(service, service.app_key, 'client=js'), 4008],
      [rawSocketUrl(service, service.app_key, 'protocol=3'), 4007],
      [rawSocketUrl(service, service.app_key, 'protocol=seven'), 4007],
      [`${service.api_ws_url}/somewhere/else`, 4005],
      [`${service.api_ws_url}/app/%E0%A4%A?protocol=7`, 4001],
    ];
    for (const [url, code] of cases) {
      const sock = openRawSocket(url);
      expect((await sock.closed).code).toBe(code);
      expect(sock.frames[0]?.data).toMatchObject({ code });
    }
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const sock = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(sock);
    sock.sendJson({ event: 'pusher:ping', data: {} });
    await sock.waitFor((f) => f.event === 'pusher:pong');
    sock.ws.close();
  });

  it('subscribes a raw socket with a signature from the auth endpoint', async () => {
    const sock = openRawSocket(rawSocketUrl(service));
    const socketId = await establishedSocketId(sock);
    const channel = reportsChannelName(service.account_key, operator.id);
    const { status, body } = await requestAuth(
      `${service.base_url}/api/broadcasting/auth`,
      operator.token,
      channel,
      socketId,
    );
    expect(status).toBe(200);
    sock.sendJson({
      event: 'pusher:subscribe',
      data: { ...broadcastingAuthResponseSchema.parse(body), channel },
    });
    const ok = await sock.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect(ok.channel).toBe(channel);
    sock.ws.close();
  });

  it('refuses a forged signature with a subscription error and close code 4009', async () => {
    const sock = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(sock);
    const channel = accountChannelName(service.account_key);
    sock.sendJson({
      event: 'pusher:subscribe',
      data: { channel, auth: `${service.app_key}:${'ab'.repeat(32)}` },
    });
    const refused = await sock.waitFor((f) => f.event === 'pusher:subscription_error');
    expect(refused.channel).toBe(channel);
    expect((await sock.closed).code).toBe(4009);
    expect(sock.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded')).toBe(false);

    // A long non-ASCII channel name must not break the close frame (its reason is capped at 123 bytes).
    const wide = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(wide);
    wide.sendJson({
      event: 'pusher:subscribe',
      data: { channel: `private-${'ü'.repeat(150)}`, auth: 'x:y' },
    });
    expect((await wide.closed).code).toBe(4009);
  });

  it("refuses a signature issued for another socket, and a restricted user's signature stripped of its asset filter", async () => {
    const channel = accountChannelName(service.account_key);
    const other = openRawSocket(rawSocketUrl(service));
    const otherId = await establishedSocketId(other);
    const { body: stolen } = await requestAuth(
      `${service.api_url}/broadcasting/auth`,
      operator.token,
      channel,
      otherId,
    );

    const replay = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(replay);
    replay.sendJson({
      event: 'pusher:subscribe',
      data: { ...broadcastingAuthResponseSchema.parse(stolen), channel },
    });
    expect((await replay.closed).code).toBe(4009);

    const widen = openRawSocket(rawSocketUrl(service));
    const widenId = await establishedSocketId(widen);
    const { body } = await requestAuth(
      `${service.api_url}/broadcasting/auth`,
      restricted.token,
      channel,
      widenId,
    );
    const { auth, channel_data: channelData } = broadcastingAuthResponseSchema.parse(body);
    expect(channelData).toEqual(expect.any(String));
    widen.sendJson({ event: 'pusher:subscribe', data: { channel, auth } });
    expect((await widen.closed).code).toBe(4009);
    other.ws.close();
  });

  it('closes with 4300 on frames that are not Pusher messages, without disturbing other connections', async () => {
    const bystander = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(bystander);
    const malformed: Array<string | Buffer> = [
      'not json',
      '{"event":',
      'null',
      '42',
      '[]',
      '"pusher:ping"',
      '{}',
      '{"event":12}',
      Buffer.from([0xff, 0x00, 0x13]),
      '\u0000\uffff',
      'x'.repeat(20 * 1024),
    ];
    for (const frame of malformed) {
      const sock = openRawSocket(rawSocketUrl(service));
      await establishedSocketId(sock);
      sock.ws.send(frame);
      expect((await sock.closed).code).toBe(4300);
      expect(sock.frames.at(-1)).toMatchObject({ event: 'pusher:error', data: { code: 4300 } });
    }
    bystander.sendJson({ event: 'pusher:ping', data: {} });
    await bystander.waitFor((f) => f.event === 'pusher:pong');
    bystander.ws.close();
  });

  it('answers well-formed but unsupported messages with pusher:error, keeps the connection, and keeps serving pusher-js', async () => {
    const sock = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(sock);
    const unsupported = [
      { event: 'pusher:subscribe' },
      { event: 'pusher:subscribe', data: { channel: 7 } },
      { event: 'pusher:subscribe', data: '{"channel":"x"}' },
      { event: 'pusher:unsubscribe', data: null },
      { event: 'pusher:unknown', data: {} },
      { event: 'client-hello', channel: 'private-account.x', data: {} },
    ];
    for (const message of unsupported) sock.sendJson(message);
    sock.sendJson({ event: 'pusher:subscribe', data: { channel: 'public-news' } });
    sock.sendJson({ event: 'pusher:ping', data: {} });
    await sock.waitFor((f) => f.event === 'pusher:pong');
    const errors = sock.frames.filter((f) => f.event === 'pusher:error');
    expect(errors).toHaveLength(unsupported.length);
    for (const e of errors) expect(e.data).toMatchObject({ code: null, message: expect.any(String) });
    expect(sock.frames.find((f) => f.event === 'pusher:subscription_error')?.channel).toBe('public-news');

    const huge = openRawSocket(rawSocketUrl(service));
    await establishedSocketId(huge);
    huge.ws.send(Buffer.alloc(2 * 1024 * 1024, 0x20));
    expect((await huge.closed).code).toBe(1009);

    const { pusher, channel } = await subscribedClient(service, operator, 'live');
    try {
      const events = collectEvents(channel, LOCATION_UPDATED_EVENT);
      await events.waitFor(1);
      events.stop();
    } finally {
      await closePusher(pusher);
    }
  });
});
