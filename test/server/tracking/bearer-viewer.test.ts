import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerSnapshotSchema, viewerUpdateSchema } from '../../../src/server/tracking/viewer-snapshot';
import { errorBodySchema, unauthorizedBodySchema } from '../../../src/shared/interface';
import {
  operatorToken,
  restrictedToken,
  startTrackingService,
  type TrackingService,
} from './tracking-fixture';
import { postForm, readEvents } from './tracking-http';

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

describe('the JSON endpoints of an authorized_only page take the API’s bearer token (spec 5)', () => {
  let ts: TrackingService;
  beforeAll(async () => {
    ts = await startTrackingService({ fleetSize: 8 });
  });
  afterAll(async () => {
    await ts?.stop();
  });

  const hiddenFromDispatcher = (): number =>
    ts.service.context.fleet.assets.find((a) => !ts.service.users[1]!.asset_ids!.includes(a.id))!.id;

  it('state and the event stream answer a caller with a valid token, without any cookie', async () => {
    const link = ts.link('authorized_only');
    const token = operatorToken(ts);
    const state = await fetch(`${ts.pageUrl(link)}/state`, { headers: bearer(token) });
    expect(state.status).toBe(200);
    expect(state.headers.getSetCookie()).toEqual([]);
    const text = await state.text();
    const snapshot = viewerSnapshotSchema.strict().parse(JSON.parse(text));
    expect(snapshot.name).toBe(link.name);
    expect(snapshot.history!.length).toBeGreaterThan(1);
    expect(text).not.toContain(token);

    const events = await fetch(`${ts.pageUrl(link)}/events`, { headers: bearer(token) });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const [first] = await readEvents(events, (e) => e.length >= 1);
    expect(first?.event).toBe('position');
    expect(viewerUpdateSchema.strict().parse(JSON.parse(first!.data)).position).not.toBeNull();
  });

  it('checks access per user: the dispatcher opens her assets’ pages and gets 403 on another’s', async () => {
    const own = ts.link('authorized_only', { assetId: ts.service.users[1]!.asset_ids![0]! });
    const other = ts.link('authorized_only', { assetId: hiddenFromDispatcher() });
    const token = restrictedToken(ts);
    expect((await fetch(`${ts.pageUrl(own)}/state`, { headers: bearer(token) })).status).toBe(200);
    for (const path of ['/state', '/events']) {
      const res = await fetch(`${ts.pageUrl(other)}${path}`, { headers: bearer(token) });
      expect(res.status, path).toBe(403);
      expect(errorBodySchema.strict().parse(await res.json()).status).toBe('error');
    }
    // The operator may access every asset.
    expect((await fetch(`${ts.pageUrl(other)}/state`, { headers: bearer(operatorToken(ts)) })).status).toBe(
      200,
    );
  });

  it('a wrong token is spec 7’s 401, and wrong tokens lock the page like wrong sign-ins do', async () => {
    const link = ts.link('authorized_only');
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${ts.pageUrl(link)}/state`, { headers: bearer(`wrong-token-number-${i}`) });
      expect(res.status).toBe(401);
      unauthorizedBodySchema.parse(await res.json());
    }
    const locked = await fetch(`${ts.pageUrl(link)}/state`, { headers: bearer(operatorToken(ts)) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await locked.json()).message).toMatch(/Too many failed sign-ins/);
    // One lock for both ways in: the page's sign-in form is locked too.
    expect((await postForm(`${ts.pageUrl(link)}/sign-in`, { token: operatorToken(ts) })).status).toBe(429);
  });

  it('the published document says how the page’s data routes are opened', async () => {
    const doc = (await (await fetch(`${ts.service.base_url}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    };
    for (const path of ['/track/{uuid}/state', '/track/{uuid}/events']) {
      const op = doc.paths[path]?.get;
      expect(op?.description, path).toContain('Authorization: Bearer <token>');
      expect(Object.keys(op?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '401', '403', '404', '410', '429']),
      );
    }
    expect(doc.paths['/dev/outbox']?.get?.description).toContain('--dev');
  });

  it('without a token or a session the data stays closed, and a token opens no e-mail link', async () => {
    const signIn = ts.link('authorized_only');
    expect((await fetch(`${ts.pageUrl(signIn)}/state`)).status).toBe(401);
    const email = ts.link('email');
    const res = await fetch(`${ts.pageUrl(email)}/state`, { headers: bearer(operatorToken(ts)) });
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(await res.json()).message).toBe('Verify access on the tracking page first.');
  });
});
