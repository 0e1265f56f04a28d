import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountChannelName,
  assetListResponseSchema,
  LOCATION_UPDATED_EVENT,
  reportsChannelName,
  submissionResponseSchema,
} from '../../../src/shared/interface';
import { closePusher, subscribedClient } from '../../support/pusher';
import { postForm as postPageForm } from '../tracking/tracking-http';
import { startTrackingService, type TrackingService } from '../tracking/tracking-fixture';
import { discover, signIn } from './oauth-client';

/**
 * An OAuth access token (openid-client's, through the real pages) is
 * accepted wherever a static token is: fleet REST, reports, both
 * broadcasting auth endpoints (with the real pusher-js), and the tracking
 * page's authorized_only check; per user, as static tokens are.
 */
let ts: TrackingService;
let config: client.Configuration;
let danaToken: string;
let samToken: string;

beforeAll(async () => {
  ts = await startTrackingService({ fleetSize: 6 });
  config = await discover(ts.service);
  danaToken = (await signIn(ts.service, config, ts.service.users[0]!)).tokens.access_token;
  samToken = (await signIn(ts.service, config, ts.service.users[1]!)).tokens.access_token;
});
afterAll(async () => {
  await ts?.stop();
});

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
const api = (): string => `${ts.service.api_url}/api/${ts.service.account_key}`;
const hiddenFromSam = (): number =>
  ts.service.context.fleet.assets.find((a) => !ts.service.users[1]!.asset_ids!.includes(a.id))!.id;

describe('an OAuth access token at the API', () => {
  it('lists the fleet as its user sees it (REST, spec 4.2)', async () => {
    const all = await fetch(`${api()}/asset?per_page=100`, { headers: bearer(danaToken) });
    expect(all.status).toBe(200);
    expect(assetListResponseSchema.parse(await all.json()).meta.total).toBe(6);
    const restricted = await fetch(`${api()}/asset?per_page=100`, { headers: bearer(samToken) });
    expect(assetListResponseSchema.parse(await restricted.json()).data.map((a) => a.id)).toEqual(
      ts.service.users[1]!.asset_ids,
    );
    const forbidden = await fetch(`${api()}/asset/${hiddenFromSam()}/location`, {
      headers: bearer(samToken),
    });
    expect(forbidden.status).toBe(403);
  });

  it('submits a report and reads its status (spec 4.1)', async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const submitted = await fetch(`${ts.service.base_url}/api/v1/reports/generate`, {
      method: 'POST',
      headers: { ...bearer(danaToken), 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'trail', format: 'json', asset_id: 1, date_from: day, date_to: day }),
    });
    expect([200, 201]).toContain(submitted.status);
    const { report_id } = submissionResponseSchema.parse(await submitted.json());
    const status = await fetch(`${ts.service.base_url}/api/v1/reports/${report_id}/status`, {
      headers: bearer(danaToken),
    });
    expect(status.status).toBe(200);
    const other = await fetch(`${ts.service.base_url}/api/v1/reports/${report_id}/status`, {
      headers: bearer(samToken),
    });
    expect(other.status).toBe(404);
  });

  it('authorizes pusher-js on both broadcasting auth endpoints, and live positions arrive', async () => {
    const dana = { id: ts.service.users[0]!.id, token: danaToken };
    const live = await subscribedClient(ts.service, dana, 'live');
    const reports = await subscribedClient(ts.service, dana, 'reports');
    try {
      expect(live.channel.name).toBe(accountChannelName(ts.service.account_key));
      expect(reports.channel.name).toBe(reportsChannelName(ts.service.account_key, 1));
      const update = new Promise<unknown>((resolve) => live.channel.bind(LOCATION_UPDATED_EVENT, resolve));
      ts.service.context.publish(accountChannelName(ts.service.account_key), LOCATION_UPDATED_EVENT, []);
      await update;
    } finally {
      await Promise.all([closePusher(live.pusher), closePusher(reports.pusher)]);
    }
  });

  it('opens an authorized_only tracking page: Bearer on its JSON, and its sign-in form', async () => {
    const link = ts.link('authorized_only');
    const state = await fetch(`${ts.pageUrl(link)}/state`, { headers: bearer(danaToken) });
    expect(state.status).toBe(200);
    const hidden = ts.link('authorized_only', { assetId: hiddenFromSam() });
    expect((await fetch(`${ts.pageUrl(hidden)}/state`, { headers: bearer(samToken) })).status).toBe(403);

    const signedIn = await postPageForm(`${ts.pageUrl(link)}/sign-in`, { token: danaToken });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('fd_view='))).toBe(true);
    const refused = await postPageForm(`${ts.pageUrl(hidden)}/sign-in`, { token: samToken });
    expect(refused.status).toBe(401);
  });

  it('still leaves the static tokens working, side by side', async () => {
    const res = await fetch(`${api()}/asset`, { headers: bearer(ts.service.users[0]!.token) });
    expect(res.status).toBe(200);
  });
});
