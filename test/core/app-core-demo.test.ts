import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDemoService } from '../../src/main/demo/local-demo-service';
import { ACCESS_TYPES, needsAllowedViewers } from '../../src/shared/interface';
import { toIpcError } from '../../src/main/core/ipc-errors';
import { ipcMethods } from '../../src/shared/ipc/contract';
import { createHarness, type Harness } from './app-core.harness';

describe('app core on first run: the Demo fleet', () => {
  let h: Harness;

  beforeAll(async () => {
    h = createHarness({ startDemo: localDemoService({ fleetSize: 20, tickMs: 200 }) });
    await h.core.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('implements every method of the contract', () => {
    expect(Object.keys(h.core.handlers).sort()).toEqual(Object.keys(ipcMethods).sort());
  });

  it('signs in to the Demo fleet without asking anything, and never shows the token', async () => {
    const view = await h.call('session.get');
    expect(view).toMatchObject({ signedIn: true, needsSignIn: false, profile: { kind: 'demo' } });
    expect(view.user?.name).toMatch(/operator/);
    expect(JSON.stringify(h.pushes)).not.toMatch(/"token"/);
  });

  it('lists the whole fleet and remembers it', async () => {
    const snap = await h.call('fleet.refresh');
    expect(snap.assets).toHaveLength(20);
    expect(snap.fromCache).toBe(false);
    expect(snap.fetchedAt).not.toBeNull();
    const again = await h.call('fleet.snapshot');
    expect(again.assets.map((a) => a.id)).toEqual(snap.assets.map((a) => a.id));
  });

  it('delivers live positions in batches, never more than ten pushes a second', async () => {
    await h.waitForPush('connection.changed', (s) => s.live.state === 'connected');
    const startAt = h.pushesOf('live.positions').length;
    // 20 assets every 200 ms: without coalescing this would be one push per message.
    for (let i = 0; i < 5; i++) await h.waitForPush('live.positions', undefined, 20_000, h.pushes.length);
    const batches = h.pushesOf('live.positions').slice(startAt);
    expect(batches.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < batches.length; i++)
      expect(batches[i]!.at - batches[i - 1]!.at).toBeGreaterThanOrEqual(95);
    for (const b of batches) {
      const ids = b.payload.positions.map((p) => p.assetId);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const snap = await h.call('fleet.snapshot');
    expect(snap.positions.length).toBeGreaterThan(0);
  });

  it('shows both channels connected with no reason given', async () => {
    const status = await h.waitForPush(
      'connection.changed',
      (s) => s.reports.state === 'connected' && s.live.state === 'connected',
    );
    expect(status).toMatchObject({ service: 'online', live: { reason: null }, reports: { reason: null } });
    expect(await h.call('connection.get')).toMatchObject({ live: { state: 'connected' } });
  });

  it('creates tracking links of every access type, lists them and copies their address', async () => {
    const assetId = (await h.call('fleet.snapshot')).assets[0]!.id;
    for (const access_type of ACCESS_TYPES) {
      const link = await h.call('links.create', {
        request: {
          asset_id: assetId,
          name: `Link ${access_type}`,
          access_type,
          show_eta: true,
          show_history: access_type === 'public',
          allowed_viewers: needsAllowedViewers(access_type) ? ['customer@example.com'] : [],
        },
      });
      expect(link).toMatchObject({ access_type, name: `Link ${access_type}`, show_eta: true });
      expect(link.allowed_viewers).toEqual(needsAllowedViewers(access_type) ? ['customer@example.com'] : []);
      expect(link.public_url).toMatch(/\/track\/[0-9a-f-]{36}$/);
    }
    const listed = await h.call('links.list');
    expect(listed.map((l) => l.access_type).sort()).toEqual([...ACCESS_TYPES].sort());
    const pushed = h.pushesOf('links.changed').at(-1)!.payload;
    expect(pushed).toHaveLength(ACCESS_TYPES.length);
    await h.call('app.copyText', { text: listed[0]!.public_url });
    expect(h.shell.calls).toContainEqual({ method: 'copyText', arg: listed[0]!.public_url });
  });

  it('refuses a tracking link for an asset that does not exist, with the service’s reason', async () => {
    await expect(
      h.call('links.create', { request: { asset_id: 999_999, access_type: 'public' } }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('opens only https addresses or the service’s own pages', async () => {
    const link = (await h.call('links.list'))[0]!;
    await h.call('app.openExternal', { url: link.public_url });
    await h.call('app.openExternal', { url: 'https://example.com/' });
    for (const url of ['file:///etc/passwd', 'http://evil.example/', 'https://user:pw@example.com/']) {
      const err = await h.call('app.openExternal', { url }).catch((e: unknown) => e);
      expect(toIpcError(err), url).toMatchObject({
        code: 'invalid_request',
        details: { url: [expect.any(String)] },
      });
    }
    expect(h.shell.calls.filter((c) => c.method === 'openExternal').map((c) => c.arg)).toEqual([
      link.public_url,
      'https://example.com/',
    ]);
  });

  it('keeps settings and tells the renderer when they change', async () => {
    const next = await h.call('settings.set', { theme: 'dark', cacheSizeMb: 100 });
    expect(next).toMatchObject({ theme: 'dark', cacheSizeMb: 100 });
    expect(await h.call('settings.get')).toEqual(next);
    expect(h.pushesOf('settings.changed').at(-1)!.payload).toEqual(next);
  });

  it('keeps the display settings and refuses a time zone it does not know, naming the field', async () => {
    const next = await h.call('settings.set', {
      speedUnit: 'mph',
      timeZone: 'Pacific/Auckland',
      hour24: true,
    });
    expect(next).toMatchObject({ speedUnit: 'mph', timeZone: 'Pacific/Auckland', hour24: true });
    const err: unknown = await h
      .call('settings.set', { timeZone: 'Atlantis/Capital' })
      .catch((e: unknown) => e);
    // The IPC wrapper turns the schema's issues into a bad_args reply naming the field (electron-shell tests).
    expect(err).toMatchObject({
      issues: [{ path: ['timeZone'], message: 'must be "system" or a time zone such as Europe/Berlin' }],
    });
    expect(await h.call('settings.get')).toMatchObject({ timeZone: 'Pacific/Auckland' });
  });

  it('answers app.info and app.ready', async () => {
    expect(await h.call('app.info')).toMatchObject({ shell: 'electron', platform: process.platform });
    expect(await h.call('app.ready')).toBeNull();
    expect(Array.isArray(await h.call('notices.list'))).toBe(true);
  });

  it('turns a refused sign-in into a reply the renderer can show field by field', async () => {
    const err = await h
      .call('session.signInRemote', {
        profile: {
          kind: 'remote',
          name: 'Broken',
          base_url: 'https://r.example.com',
          ws_url: 'https://not-a-socket.example.com',
          api_url: 'https://a.example.com',
          api_ws_url: 'wss://w.example.com',
          tracking_url: 'https://t.example.com',
          app_key: 'k',
          account_key: 'acc',
          user_id: 1,
        },
        token: 'token-123456789',
      })
      .catch((e: unknown) => e);
    expect(toIpcError(err)).toMatchObject({
      code: 'bad_args',
      details: { 'profile.ws_url': expect.any(Array) },
    });
    expect(toIpcError(new Error('boom'))).toEqual({ code: 'internal', message: 'boom' });
  });

  it('signs out: channels close, the cached fleet stays visible, and Demo signs in again', async () => {
    const mark = h.pushes.length;
    const out = await h.call('session.signOut');
    expect(out).toMatchObject({ signedIn: false });
    await h.waitForPush('connection.changed', (s) => s.live.state === 'initialized', 5000, mark);
    expect((await h.call('fleet.snapshot')).assets).toHaveLength(20);
    const back = await h.call('session.signInDemo');
    expect(back).toMatchObject({ signedIn: true, profile: { kind: 'demo' } });
    await h.waitForPush('connection.changed', (s) => s.live.state === 'connected', 20_000, mark);
  });
});
