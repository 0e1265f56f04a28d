import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../src/server';
import type { RemoteProfile } from '../../src/shared/ipc/views';
import { createHarness, remoteProfileOf, serviceAsDemo, type Harness } from './app-core.harness';
import { startCountingProxy, type CountingProxy } from './counting-proxy';
import { pusherClientsWith } from './pusher-clients';

const REFUSED_TOKEN = 'refused-token-0123456789abcdef';

describe('a token the broadcasting auth endpoint refuses (401)', { timeout: 60_000 }, () => {
  let service: LocalService;
  let proxy: CountingProxy;
  let h: Harness;
  /** Channel authorizations asked for with the refused token. */
  let asked = 0;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 10, tickMs: 500 });
    proxy = await startCountingProxy(service.port);
    const validToken = service.users[0]!.token;
    // The fleet and reports APIs still take the session's token (the REST side never answers 401
    // here): only the channel authorization, which pusher-js makes itself, refuses it.
    const restAccepts: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      // Requests without a token (the Demo's OAuth sign-in at the token endpoint) pass as they are.
      if (headers.has('Authorization')) headers.set('Authorization', `Bearer ${validToken}`);
      return fetch(input, { ...init, headers });
    };
    h = createHarness({ startDemo: serviceAsDemo(service), fetch: restAccepts });
    await h.core.start();
  });
  afterAll(async () => {
    await h.stop();
    await proxy.close();
    await service.stop();
  });

  const viaProxy = (): RemoteProfile => proxy.via(remoteProfileOf(service, 'Behind the proxy'));

  it('asks for a new sign-in, once, keeps the profile and the cache, and stops the live clients', async () => {
    const mark = h.pushes.length;
    const view = await h.call('session.signInRemote', { profile: viaProxy(), token: REFUSED_TOKEN });
    expect(view).toMatchObject({ signedIn: true, needsSignIn: false });
    // Taken now: once stopped, the core lets go of its clients (channel-client.ts).
    const clients = pusherClientsWith(REFUSED_TOKEN);
    expect(clients).toHaveLength(2);
    const refused = await h.waitForPush('session.changed', (v) => v.needsSignIn, 15_000, mark);
    expect(refused).toMatchObject({ signedIn: true, needsSignIn: true, profile: { kind: 'remote' } });
    expect(proxy.authRequests()).toBeGreaterThan(0);

    // Both clients had their socket open; with the token refused they close it and ask no more:
    // "disconnected" is the one state pusher-js never leaves by itself.
    await expect.poll(() => proxy.openWebSockets(), { timeout: 10_000 }).toBe(0);
    asked = proxy.authRequests();
    expect(clients.map((c) => c.connection.state)).toEqual(['disconnected', 'disconnected']);
    expect(pusherClientsWith(REFUSED_TOKEN)).toEqual([]);

    const needsSignIn = h.pushesOf('session.changed').filter((p) => p.payload.needsSignIn);
    expect(needsSignIn).toHaveLength(1);
    expect((await h.call('connection.get')).live.state).toBe('initialized');
    expect((await h.call('fleet.snapshot')).assets).toHaveLength(10);
    expect(await h.call('session.get')).toMatchObject({
      needsSignIn: true,
      profile: { name: 'Behind the proxy' },
    });
  });

  it('connects again once the user signs in with a token the service takes', async () => {
    const mark = h.pushes.length;
    await h.call('session.signInRemote', { profile: viaProxy(), token: service.users[0]!.token });
    await h.waitForPush(
      'connection.changed',
      (s) => s.live.state === 'connected' && s.reports.state === 'connected',
      15_000,
      mark,
    );
    expect(proxy.openWebSockets()).toBe(2);
    // The new pair's two authorizations, and none with the refused token since it was refused.
    expect(proxy.authRequests()).toBe(asked + 2);
    expect((await h.call('session.get')).needsSignIn).toBe(false);
  });
});
