import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppCoreOptions } from '../../src/main/core/app-core';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/ipc/socket-frames';
import { wsTransport } from './ws-bridge-transport';
import { createSocketBridge, type HostAction, type SocketBridge } from '../../src/preload/socket-bridge';
import type { IpcEvents } from '../../src/shared/ipc/contract';
import { fakeHandlers, type RecordedCall } from '../electron/fake-handlers';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let shell: BrowserShell;
let coreOptions: AppCoreOptions;
let rendererDir: string;
let reportFile: string;
const calls: RecordedCall[] = [];
const opened: WebSocket[] = [];

function socketUrl(secret: string): string {
  return `${shell.origin.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}?secret=${encodeURIComponent(secret)}`;
}

/** How the page's preload talks to the host, with ws standing in for the browser's WebSocket. */
function bridge(onHostAction?: (a: HostAction) => void): SocketBridge {
  return createSocketBridge({
    retryMs: { min: 20, max: 100 },
    onHostAction,
    connect: wsTransport(socketUrl(shell.secret), { origin: shell.origin, opened }),
  });
}

/** The HTTP status the host answered an upgrade with (101 when it accepted). */
function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', (err) => reject(err));
  });
}

function nextFrame(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
}

function rawSocket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(shell.secret), { origin: shell.origin });
    opened.push(ws);
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
  });
}

function waitFor<T>(check: () => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > 5_000) return reject(new Error('timed out waiting'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'fleetdesk-renderer-'));
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>Fleetdesk</title></head><body><script type="module" src="/app.js"></script></body></html>',
  );
  writeFileSync(join(rendererDir, 'app.js'), 'console.log("renderer");');
  reportFile = join(rendererDir, 'mileage.html');
  writeFileSync(reportFile, '<!doctype html><h1>Mileage</h1>');
  shell = await startBrowserShell({
    renderer: { dir: rendererDir },
    log: quietLog,
    createCore(options) {
      coreOptions = options;
      return {
        handlers: fakeHandlers(calls, {
          'reports.open': async () => {
            await options.shell.openPath(reportFile);
            return null;
          },
          'reports.showInFolder': async () => {
            await options.shell.showInFolder(reportFile);
            return null;
          },
          'reports.save': async () => {
            const path = await options.shell.chooseSavePath('Mileage report.pdf', 'application/pdf');
            if (path === null) return { saved: false, path: null };
            await writeFile(path, '%PDF-1.7 fake report');
            return { saved: true, path };
          },
        }),
        serviceOrigins: () => [],
        tiles: { tile: async () => ({ ok: false, failure: 'unreachable' }) },
        start: async () => undefined,
        stop: async () => undefined,
      };
    },
  });
});

afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await shell.stop();
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the browser shell', () => {
  it('serves the renderer with the bridge loaded first, and the secret only in the URL fragment', async () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#fleetdesk=[\w-]{40,}$/);
    const res = await fetch(shell.origin);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html.indexOf('/__fleetdesk/bridge.js')).toBeGreaterThan(0);
    expect(html.indexOf('/__fleetdesk/bridge.js')).toBeLessThan(html.indexOf('/app.js'));
    expect(html).not.toContain(shell.secret);
  });

  it('refuses a socket with a wrong or missing secret', async () => {
    expect(await upgradeStatus(socketUrl('not-the-secret'), shell.origin)).toBe(401);
    expect(await upgradeStatus(socketUrl(''), shell.origin)).toBe(401);
    expect(await upgradeStatus(socketUrl(shell.secret), shell.origin)).toBe(101);
  });

  it('answers an upgrade whose request target is no URL with 400, and keeps serving', async () => {
    const { connect } = await import('node:net');
    const { host } = new URL(shell.origin);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(shell.origin).port), '127.0.0.1', () =>
        socket.write(
          `GET //[ HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => {
        socket.destroy();
        resolve(text);
      });
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(await upgradeStatus(socketUrl(shell.secret), shell.origin)).toBe(101);
  });

  it('refuses a socket from another Origin, even with the secret', async () => {
    expect(await upgradeStatus(socketUrl(shell.secret), 'https://evil.example')).toBe(403);
    expect(await upgradeStatus(socketUrl(shell.secret), 'http://127.0.0.1:1')).toBe(403);
    expect(await upgradeStatus(socketUrl(shell.secret))).toBe(403);
  });

  it('refuses pages asked for under another host name (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(shell.origin, { headers: { host: 'attacker.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('refuses requests made by pages of another origin, another localhost port included', async () => {
    for (const origin of ['http://localhost:1', 'http://127.0.0.1:1', 'https://attacker.example', 'null']) {
      const res = await fetch(shell.origin, { headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    expect((await fetch(shell.origin, { headers: { origin: shell.origin } })).status).toBe(200);
  });

  it("serves the app's icon as its favicon", async () => {
    const res = await fetch(`${shell.origin}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(ROOT, 'build', 'icon.png')))).toBe(
      true,
    );
  });

  it('carries an invoke and its reply, with arguments parsed by the contract', async () => {
    const b = bridge();
    expect(await b.invoke('fleet.snapshot')).toEqual({ ok: true, value: { method: 'fleet.snapshot' } });
    expect(await b.invoke('history.get', { assetId: 1, start: 5, end: 1 })).toMatchObject({
      ok: false,
      error: { code: 'bad_args', details: { end: expect.any(Array) } },
    });
    expect(calls.map((c) => c.method)).toContain('fleet.snapshot');
    b.close();
  });

  it('delivers pushes once the page is ready, including those sent before', async () => {
    const b = bridge();
    const notices: IpcEvents['notice'][] = [];
    b.on('notice', (n) => notices.push(n));
    await b.invoke('session.get');
    coreOptions.push('notice', { id: 'early', kind: 'info', message: 'before ready', at: 1 });
    expect(await b.invoke('app.ready')).toMatchObject({ ok: true });
    coreOptions.push('notice', { id: 'late', kind: 'info', message: 'after ready', at: 2 });
    await waitFor(() => (notices.length >= 2 ? true : undefined));
    expect(notices.map((n) => n.id)).toEqual(['early', 'late']);
    b.close();
  });

  it('survives frames that are not calls, and keeps serving the same socket', async () => {
    const ws = await rawSocket();
    ws.send('{not json');
    expect(await nextFrame(ws)).toMatchObject({ type: 'error' });
    ws.send(JSON.stringify({ type: 'invoke', id: -1, method: 'session.get' }));
    expect(await nextFrame(ws)).toMatchObject({ type: 'error' });
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await nextFrame(ws)).toMatchObject({ type: 'error' });
    ws.send(JSON.stringify({ type: 'invoke', id: 9, method: '__proto__' }));
    expect(await nextFrame(ws)).toMatchObject({
      type: 'reply',
      id: 9,
      reply: { ok: false, error: { code: 'unknown_method' } },
    });
    ws.send(JSON.stringify({ type: 'invoke', id: 10, method: 'connection.get' }));
    expect(await nextFrame(ws)).toEqual({
      type: 'reply',
      id: 10,
      reply: { ok: true, value: { method: 'connection.get' } },
    });

    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(17 * 1024 * 1024));
    expect(await closed).toBe(1009);
    const again = bridge();
    expect(await again.invoke('app.info')).toMatchObject({ ok: true });
    again.close();
  });

  it('turns the Save dialog into a browser download of the saved file', async () => {
    const actions: HostAction[] = [];
    const b = bridge((a) => actions.push(a));
    // The file went to a folder on the host the user never sees: the page is told no path.
    expect(await b.invoke('reports.save', { localId: 'r1' })).toEqual({
      ok: true,
      value: { saved: true, path: null },
    });
    const download = await waitFor(() => actions.find((a) => a.type === 'download'));
    expect(download).toMatchObject({ filename: 'Mileage report.pdf' });
    const res = await fetch(new URL(download.type === 'download' ? download.url : '', shell.origin));
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Mileage%20report.pdf");
    expect(await res.text()).toBe('%PDF-1.7 fake report');
    expect((await fetch(`${shell.origin}/__fleetdesk/download/guessed-token`)).status).toBe(404);
    b.close();
  });

  it('opens a report in a new tab, and "Show in folder" downloads it again', async () => {
    const actions: HostAction[] = [];
    const b = bridge((a) => actions.push(a));
    expect(await b.invoke('reports.open', { localId: 'r1' })).toMatchObject({ ok: true });
    const open = await waitFor(() => actions.find((a) => a.type === 'open'));
    const res = await fetch(new URL(open.type === 'open' ? open.url : '', shell.origin));
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toContain('<h1>Mileage</h1>');

    expect(await b.invoke('reports.showInFolder', { localId: 'r1' })).toMatchObject({ ok: true });
    const again = await waitFor(() => actions.find((a) => a.type === 'download'));
    expect(again).toMatchObject({ filename: 'mileage.html' });
    b.close();
  });

  it('reconnects after the socket drops, becomes ready again and re-fetches state', async () => {
    const b = bridge();
    const sessions: unknown[] = [];
    b.on('session.changed', (s) => sessions.push(s));
    await b.invoke('app.ready');
    const before = opened.length;
    opened.at(-1)!.terminate();
    await waitFor(() => (sessions.length > 0 ? true : undefined));
    expect(opened.length).toBeGreaterThan(before);
    expect(sessions[0]).toEqual({ method: 'session.get' });
    const removed: unknown[] = [];
    b.on('reports.removed', (r) => removed.push(r));
    coreOptions.push('reports.removed', { localId: 'later' });
    await waitFor(() => (removed.length > 0 ? true : undefined));
    expect(removed).toContainEqual({ localId: 'later' });
    b.close();
  });
});
