import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/ipc/socket-frames';
import { wsTransport } from './ws-bridge-transport';
import { createSocketBridge, type HostAction, type SocketBridge } from '../../src/preload/socket-bridge';
import type { IpcEvents } from '../../src/shared/ipc/contract';
import { startLocalService, type LocalService } from '../../src/server';

/**
 * The browser shell with the real core, signed in (Demo) to a local fleet
 * service the test owns — the setup the renderer's e2e tests use.
 */
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
let service: LocalService;
let rendererDir: string;
let shell: BrowserShell;
let bridge: SocketBridge;
const sockets: WebSocket[] = [];
const hostActions: HostAction[] = [];

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'fleetdesk-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Fleetdesk</title>');
  service = await startLocalService({ port: 0, host: '127.0.0.1', fleetSize: 5, tickMs: 200 });
  shell = await startBrowserShell({
    renderer: { dir: rendererDir },
    demoService: service,
    core: { timing: { liveIntervalMs: 100 } },
    log: quietLog,
  });
  const url = `${shell.origin.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}?secret=${shell.secret}`;
  bridge = createSocketBridge({
    onHostAction: (a) => hostActions.push(a),
    connect: wsTransport(url, { origin: shell.origin, opened: sockets }),
  });
});

afterAll(async () => {
  bridge?.close();
  for (const ws of sockets) ws.terminate();
  await shell?.stop();
  await service?.stop();
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the browser shell with the real core', () => {
  it('signs in to the given local service and answers over the socket', async () => {
    const session = await bridge.invoke('session.get');
    expect(session).toMatchObject({ ok: true, value: { signedIn: true, profile: { kind: 'demo' } } });
    expect(await bridge.invoke('app.info')).toMatchObject({ ok: true, value: { shell: 'browser' } });
    const fleet = await bridge.invoke('fleet.refresh');
    expect(fleet.ok && fleet.value.assets).toHaveLength(5);
  });

  it('streams live positions to the page once it is ready', async () => {
    const batch = new Promise<IpcEvents['live.positions']>((resolve) => {
      const off = bridge.on('live.positions', (b) => {
        off();
        resolve(b);
      });
    });
    await bridge.invoke('app.ready');
    const { positions } = await batch;
    expect(positions.length).toBeGreaterThan(0);
    expect(positions[0]).toMatchObject({ assetId: expect.any(Number) });
  });

  it('saves a report as a browser download and tells the page no path on the host', async () => {
    const fleet = await bridge.invoke('fleet.snapshot');
    const assetId = fleet.ok ? fleet.value.assets[0]!.id : 0;
    const day = new Date().toISOString().slice(0, 10);
    const completed = new Promise<IpcEvents['reports.changed']>((resolve) => {
      const off = bridge.on('reports.changed', (r) => {
        if (r.state !== 'completed') return;
        off();
        resolve(r);
      });
    });
    const submitted = await bridge.invoke('reports.submit', {
      request: { type: 'trail', format: 'html', asset_id: assetId, date_from: day, date_to: day },
    });
    expect(submitted.ok).toBe(true);
    const report = await completed;

    const saved = await bridge.invoke('reports.save', { localId: report.localId });
    expect(saved).toEqual({ ok: true, value: { saved: true, path: null } });
    const download = hostActions.find((a) => a.type === 'download');
    expect(download).toMatchObject({ type: 'download', filename: expect.stringMatching(/\.html$/) });
    const res = await fetch(new URL(download?.type === 'download' ? download.url : '', shell.origin));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html');
  });
});
