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
import { LIVE_WINDOW } from '../../src/main/ipc/push-channel';
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

  it('sends a page past two batches it has not taken nothing live until it takes one, then the newest of each asset', async () => {
    const url = `${shell.origin.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}?secret=${shell.secret}`;
    const own: WebSocket[] = [];
    const slow = createSocketBridge({ connect: wsTransport(url, { origin: shell.origin, opened: own }) });
    const taker = createSocketBridge({
      connect: wsTransport(url, { origin: shell.origin, opened: own }),
    });
    try {
      const untaken: IpcEvents['live.positions'][] = [];
      slow.on('live.positions', (b) => void untaken.push(b));
      // A second page that takes every batch: what the core went on sending meanwhile.
      const taken: IpcEvents['live.positions'][] = [];
      taker.on('live.positions', (b) => {
        taken.push(b);
        void taker.invoke('app.liveTaken');
      });
      await slow.invoke('app.ready');
      await taker.invoke('app.ready');
      await expect.poll(() => untaken.length, { timeout: 10_000 }).toBe(LIVE_WINDOW);
      const after = taken.length;
      await expect.poll(() => taken.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(after + 5);
      expect(untaken).toHaveLength(LIVE_WINDOW);

      // The held run is sent before the reply that took a batch.
      await slow.invoke('app.liveTaken');
      expect(untaken).toHaveLength(LIVE_WINDOW + 1);
      const newest = (batches: IpcEvents['live.positions'][]): Map<number, number> => {
        const byAsset = new Map<number, number>();
        for (const b of batches)
          for (const p of b.positions) byAsset.set(p.assetId, Math.max(p.t, byAsset.get(p.assetId) ?? 0));
        return byAsset;
      };
      const before = newest(untaken.slice(0, LIVE_WINDOW));
      const held = untaken[LIVE_WINDOW]!.positions;
      expect(new Set(held.map((p) => p.assetId)).size).toBe(held.length);
      expect(held.some((p) => p.t > (before.get(p.assetId) ?? 0))).toBe(true);
      // Newest per asset: no fix in it older than one the taking page had by the time it was held.
      const seen = newest(taken.slice(0, after + 5));
      for (const p of held) expect(p.t).toBeGreaterThanOrEqual(seen.get(p.assetId) ?? 0);
    } finally {
      slow.close();
      taker.close();
      for (const ws of own) ws.terminate();
    }
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

  it("carries a history as a binary frame, every value as the core's own answer has it", async () => {
    const fleet = await bridge.invoke('fleet.snapshot');
    const assetId = fleet.ok ? fleet.value.assets[0]!.id : 0;
    const end = Date.now() - 60_000;
    const range = { assetId, start: end - 12 * 3_600_000, end };
    const frames: { binary: boolean; bytes: number }[] = [];
    const socket = sockets.at(-1)!;
    const onMessage = (data: Buffer, isBinary: boolean): void =>
      void frames.push({ binary: isBinary, bytes: data.byteLength });
    socket.on('message', onMessage);
    const viaBridge = await bridge.invoke('history.get', range);
    socket.off('message', onMessage);
    const direct = await shell.core.handlers['history.get'](range);

    if (!viaBridge.ok) throw new Error(`history.get failed: ${viaBridge.error.message}`);
    const sent = direct.points;
    expect(sent.t.length).toBeGreaterThan(1_000);
    const got = viaBridge.value.points;
    for (const key of Object.keys(sent) as (keyof typeof sent)[]) {
      expect(got[key].constructor, key).toBe(sent[key].constructor);
      const [a, b] = [Array.from(got[key]), Array.from(sent[key])];
      expect(a.length, key).toBe(b.length);
      expect(
        a.every((x, i) => Object.is(x, b[i])),
        key,
      ).toBe(true);
    }
    // The service's short decimals cross as steps: well under the columns' own bytes.
    const columnBytes = Object.values(sent).reduce((sum, c) => sum + c.byteLength, 0);
    const reply = frames.find((f) => f.binary);
    expect(reply?.bytes).toBeLessThan(columnBytes / 2);
  });
});
