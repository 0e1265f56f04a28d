import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartDemoService } from '../../src/main/core/session/demo-service';
import { localDemoService } from '../../src/main/demo/local-demo-service';
import { createMemorySecretStore, type SecretStore } from '../../src/main/core/session/secret-store';
import { startLocalService, type LocalService } from '../../src/server';
import { createHarness, remoteProfileOf, serviceAsDemo, type Harness } from './app-core.harness';

/** When, after start() was called, the user quits. */
const QUIT_POINTS: readonly { readonly name: string; readonly wait: () => Promise<void> }[] = [
  { name: 'at once', wait: async () => undefined },
  { name: 'after a microtask', wait: () => Promise.resolve() },
  { name: 'after an event-loop turn', wait: () => new Promise((r) => setImmediate(r)) },
  { name: 'after 20 ms', wait: () => new Promise((r) => setTimeout(r, 20)) },
  { name: 'after 150 ms', wait: () => new Promise((r) => setTimeout(r, 150)) },
];

const refused = async (url: string): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );

/** Quits at `point` while start() runs; start() must resolve, never reject. */
async function quitDuringStart(h: Harness, wait: () => Promise<void>): Promise<void> {
  const starting = h.core.start();
  await wait();
  const stopping = h.core.stop();
  const [started, stopped] = await Promise.allSettled([starting, stopping]);
  expect(started).toEqual({ status: 'fulfilled', value: undefined });
  expect(stopped).toEqual({ status: 'fulfilled', value: undefined });
}

describe('quitting while the core is still starting', { timeout: 60_000 }, () => {
  it.each(QUIT_POINTS)('stops the in-process demo service it was starting, quit $name', async ({ wait }) => {
    const services: { readonly url: string; stopped: boolean }[] = [];
    const demo = localDemoService({ fleetSize: 5, tickMs: 200 });
    const startDemo: StartDemoService = async () => {
      const d = await demo();
      const entry = { url: d.endpoints.base_url, stopped: false };
      services.push(entry);
      return {
        ...d,
        stop: async () => {
          entry.stopped = true;
          await d.stop();
        },
      };
    };
    const h = createHarness({ startDemo });
    await quitDuringStart(h, wait);
    const pushes = h.pushes.length;

    for (const s of services) {
      expect(s.stopped).toBe(true);
      expect(await refused(s.url)).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(h.pushes.length).toBe(pushes);
    expect(h.warnings).toEqual([]);
    await h.stop();
  });

  describe('with the remote service slow to answer', () => {
    let service: LocalService;
    /** Takes every request and answers none, as a remote service that has stalled. */
    let slow: Server;
    /**
     * Connections that carry a request or a WebSocket upgrade. (A connection fetch's pool opened
     * and never used is Node's: it closes itself after undici's keep-alive time.)
     */
    const open = new Set<Socket>();
    const held = new Set<ServerResponse>();
    const track = (socket: Socket): void => {
      if (socket.destroyed || open.has(socket)) return;
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-quit-'));
    // As an OS keychain would: the token outlives the app.
    const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };

    beforeAll(async () => {
      service = await startLocalService({ port: 0, fleetSize: 5 });
      slow = createServer((req, res) => {
        held.add(res);
        track(req.socket);
      });
      slow.on('upgrade', (_req, socket: Socket) => {
        // As any server does: the client's FIN closes the connection.
        socket.on('end', () => socket.destroy());
        track(socket);
      });
      await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
      const origin = `127.0.0.1:${(slow.address() as AddressInfo).port}`;
      const real = remoteProfileOf(service);
      const swap = (url: string): string => url.replace(`127.0.0.1:${service.port}`, origin);
      // Signed in once, offline: the profile and the token are remembered for the next start.
      const first = createHarness({
        dataDir,
        keepDir: true,
        secretStore: keychain,
        startDemo: serviceAsDemo(service),
        fetch: async () => {
          throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
        },
      });
      await first.core.start();
      await first.call('session.signInRemote', {
        profile: {
          ...real,
          base_url: swap(real.base_url),
          ws_url: swap(real.ws_url),
          api_url: swap(real.api_url),
          api_ws_url: swap(real.api_ws_url),
          tracking_url: swap(real.tracking_url),
        },
        token: service.users[0]!.token,
      });
      await first.stop();
    });
    afterAll(async () => {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it.each(QUIT_POINTS)('closes every request and socket to it, quit $name', async ({ wait }) => {
      const h = createHarness({
        dataDir,
        keepDir: true,
        secretStore: keychain,
        startDemo: serviceAsDemo(service),
      });
      await quitDuringStart(h, wait);
      await expect.poll(() => open.size, { timeout: 2000 }).toBe(0);
      const pushes = h.pushes.length;
      await new Promise((r) => setTimeout(r, 300));
      expect(h.pushes.length).toBe(pushes);
      expect(h.warnings).toEqual([]);
      await h.stop();
    });
  });
});
