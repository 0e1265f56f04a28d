import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/ipc/socket-frames';
import { fakeHandlers } from '../electron/fake-handlers';

/** `npm run dev:browser`: the renderer from Vite's dev server, the bridge first, HMR beside the contract's socket. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
let shell: BrowserShell;

beforeAll(async () => {
  shell = await startBrowserShell({
    renderer: 'dev',
    log: quietLog,
    createCore: () => ({
      handlers: fakeHandlers([]),
      serviceOrigins: () => [],
      tiles: { tile: async () => ({ ok: false, failure: 'unreachable' }) },
      start: async () => undefined,
      stop: async () => undefined,
    }),
  });
});

afterAll(async () => {
  await shell?.stop();
});

const upgrade = (path: string, protocol?: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${shell.origin.replace('http', 'ws')}${path}`, protocol ? [protocol] : [], {
      origin: shell.origin,
    });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', reject);
  });

describe('the browser shell on the Vite dev server', () => {
  it("serves the renderer's page with the bridge module before the app's", async () => {
    const html = await (await fetch(shell.origin)).text();
    const bridge = /<script type="module" src="([^"]*src\/preload\/browser\.ts)"><\/script>/.exec(html);
    expect(bridge).not.toBeNull();
    expect(html.indexOf(bridge![1]!)).toBeLessThan(html.indexOf('/src/main.ts'));
    const module = await fetch(new URL(bridge![1]!, shell.origin));
    expect(module.status).toBe(200);
    expect(await module.text()).toContain('createSocketBridge');
  });

  it('answers no cross-origin request for the sources it serves', async () => {
    const source = `${shell.origin}/@fs/${ROOT.replace(/^\//, '')}src/preload/browser.ts`;
    const own = await fetch(source, { headers: { origin: shell.origin } });
    expect(own.status).toBe(200);
    // Vite's CORS is off: not even our own origin is told it may share the response elsewhere.
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:1']) {
      const read = await fetch(source, { headers: { origin } });
      expect(read.status, origin).toBe(403);
      expect(read.headers.get('access-control-allow-origin'), origin).toBeNull();
      const preflight = await fetch(source, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(preflight.ok, origin).toBe(false);
    }
  });

  it("keeps Vite's HMR socket working next to the contract's", async () => {
    // As Vite's own client connects: with the token it injects into /@vite/client.
    const client = await (await fetch(`${shell.origin}/@vite/client`)).text();
    const token = /const wsToken = "([^"]+)"/.exec(client)?.[1];
    expect(token).toBeDefined();
    expect(await upgrade(`/?token=${token}`, 'vite-hmr')).toBe(101);
    expect(await upgrade(`${BRIDGE_SOCKET_PATH}?secret=${shell.secret}`)).toBe(101);
    expect(await upgrade(`${BRIDGE_SOCKET_PATH}?secret=wrong`)).toBe(401);
  });
});
