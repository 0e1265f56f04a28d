import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveUpdatePayloadSchema,
  reportCompletedEventSchema,
  reportProcessingEventSchema,
  reportQueuedEventSchema,
  submissionResponseSchema,
} from '../../../src/shared/interface';
import { startLocalService, type LocalService, type ReadyUser } from '../../../src/server/local-service';
import { pastRange, submitReport } from '../reports/report-client';

/**
 * The client most Laravel front ends use: the unmodified laravel-echo
 * package over pusher-js, configured as a Laravel SPA with a token configures
 * it (resources/js/echo.js): the Pusher broadcaster, the auth endpoint under
 * /api, the Bearer token. It binds `.listen('.report.completed')` as
 * `report.completed`, which is what the service must send (spec 6.1).
 */
let service: LocalService;
let operator: ReadyUser;
const echos: Array<Echo<'pusher'>> = [];

beforeAll(async () => {
  service = await startLocalService({ port: 0, fleetSize: 4, tickMs: 200, reportWorkers: 1 });
  const user = service.users[0];
  if (!user) throw new Error('the ready line lacks a user');
  operator = user;
});
afterAll(async () => {
  for (const echo of echos) echo.disconnect();
  await service.stop();
});

type Auth = { bearerToken: string } | { auth: { headers: Record<string, string> } };

function laravelEcho(wsUrl: string, authEndpoint: string, auth: Auth): Echo<'pusher'> {
  const ws = new URL(wsUrl);
  const echo = new Echo({
    broadcaster: 'pusher',
    key: service.app_key,
    cluster: '',
    wsHost: ws.hostname,
    wsPort: Number(ws.port),
    wssPort: Number(ws.port),
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    authEndpoint,
    // Echo's default `auth` object is shared by every instance; each client gets its own.
    auth: { headers: {} },
    ...auth,
    Pusher,
  });
  echos.push(echo);
  return echo;
}

/** Resolves with the first `count` payloads of an Echo listener, or rejects after `timeoutMs`. */
function firstEvents(
  register: (callback: (payload: unknown) => void) => void,
  what: string,
  count = 1,
  timeoutMs = 20_000,
): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const got: unknown[] = [];
    const timer = setTimeout(
      () => reject(new Error(`${what}: ${got.length} of ${count} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    register((payload) => {
      got.push(payload);
      if (got.length === count) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}

const subscribed = (channel: {
  subscribed(cb: () => void): unknown;
  error(cb: (e: unknown) => void): unknown;
}) =>
  new Promise<void>((resolve, reject) => {
    channel.subscribed(() => resolve());
    channel.error((e) => reject(new Error(`subscription refused: ${JSON.stringify(e)}`)));
  });

describe('Laravel Echo (laravel-echo 2 + pusher-js) against the service', () => {
  it('receives .report.queued, .report.processing and .report.completed on the private reports channel', async () => {
    const echo = laravelEcho(service.ws_url, `${service.base_url}/api/broadcasting/auth`, {
      bearerToken: operator.token,
    });
    // Echo adds the private- prefix: private-reports.<account>.user.<id> (spec 6.1).
    const channel = echo.private(`reports.${service.account_key}.user.${operator.id}`);
    const queued = firstEvents((cb) => channel.listen('.report.queued', cb), '.report.queued');
    const processing = firstEvents((cb) => channel.listen('.report.processing', cb), '.report.processing');
    const completed = firstEvents((cb) => channel.listen('.report.completed', cb), '.report.completed');
    await subscribed(channel);

    const submitted = await submitReport(service, operator.token, {
      type: 'trip',
      format: 'json',
      asset_id: 1,
      ...pastRange(1),
    });
    expect(submitted.status).toBe(201);
    const id = submissionResponseSchema.parse(submitted.body).report_id;

    const [done] = await completed;
    expect(reportCompletedEventSchema.parse(done)).toMatchObject({ report_id: id, status: 'completed' });
    const [first] = await queued;
    expect(reportQueuedEventSchema.parse(first)).toMatchObject({ report_id: id, status: 'queued' });
    const [started] = await processing;
    expect(reportProcessingEventSchema.parse(started)).toMatchObject({ report_id: id, status: 'processing' });
  });

  it('receives .location.updated on the private account channel, authorized at {api_url}/broadcasting/auth', async () => {
    const echo = laravelEcho(service.api_ws_url, `${service.api_url}/broadcasting/auth`, {
      auth: { headers: { Authorization: `Bearer ${operator.token}` } },
    });
    const channel = echo.private(`account.${service.account_key}`);
    const updates = firstEvents((cb) => channel.listen('.location.updated', cb), '.location.updated', 2);
    await subscribed(channel);
    for (const payload of await updates) {
      const parsed = liveUpdatePayloadSchema.parse(payload);
      const positions = Array.isArray(parsed) ? parsed : [parsed];
      expect(positions.length).toBeGreaterThan(0);
      expect(positions.every((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude))).toBe(true);
    }
  });

  it('reports the auth endpoint’s 401 through Echo’s error callback when the token is wrong', async () => {
    const echo = laravelEcho(service.ws_url, `${service.base_url}/api/broadcasting/auth`, {
      bearerToken: 'not-a-token-of-this-service',
    });
    const channel = echo.private(`reports.${service.account_key}.user.${operator.id}`);
    const refusal = await new Promise<unknown>((resolve, reject) => {
      channel.subscribed(() => reject(new Error('subscribed with a bad token')));
      channel.error(resolve);
    });
    expect(refusal).toMatchObject({ status: 401 });
  });
});
