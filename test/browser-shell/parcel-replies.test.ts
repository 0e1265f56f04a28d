import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { PARCEL_MIN_BYTES } from '../../src/main/browser-shell/reply-parcels';
import { BRIDGE_SOCKET_PATH, PARCEL_PATH, PARCELS_QUERY_KEY } from '../../src/shared/ipc/socket-frames';
import {
  createSocketBridge,
  type SocketBridge,
  type SocketBridgeOptions,
} from '../../src/preload/socket-bridge';
import { fetchParcelFrom, wsTransport } from './ws-bridge-transport';
import { fakeHandlers, type RecordedCall } from '../electron/fake-handlers';

/**
 * Replies past PARCEL_MIN_BYTES reach a page that fetches parcels over HTTP (reply-parcels.ts):
 * the same value as on the socket, once, in the host's order, and never to anyone else.
 */
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const POINTS = 200_000;

let shell: BrowserShell;
let rendererDir: string;
const calls: RecordedCall[] = [];
const opened: WebSocket[] = [];
const bridges: SocketBridge[] = [];

/** A month's worth of columns: 200,000 points of full-precision floats, NaN and -0 among them. */
function bigColumns(): { t: Float64Array; speed: Float32Array; flags: Uint8Array } {
  const t = new Float64Array(POINTS);
  const speed = new Float32Array(POINTS);
  const flags = new Uint8Array(POINTS);
  for (let i = 0; i < POINTS; i++) {
    t[i] = 1.7e12 + i * 10_000 + Math.sin(i) / 7;
    speed[i] = i % 97 === 0 ? Number.NaN : Math.fround(Math.cos(i) * 80);
    flags[i] = i % 3;
  }
  speed[5] = -0;
  return { t, speed, flags };
}
const BIG = bigColumns();
const bigText = 'x'.repeat(PARCEL_MIN_BYTES + 10);

function socketUrl(parcels: boolean): string {
  const flag = parcels ? `&${PARCELS_QUERY_KEY}=1` : '';
  return `${shell.origin.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}?secret=${shell.secret}${flag}`;
}

function bridge(parcels: boolean, fetchParcel?: SocketBridgeOptions['fetchParcel']): SocketBridge {
  const b = createSocketBridge({
    retryMs: { min: 20, max: 100 },
    connect: wsTransport(socketUrl(parcels), { origin: shell.origin, opened }),
    ...(fetchParcel ? { fetchParcel } : {}),
  });
  bridges.push(b);
  return b;
}

/** Every message the newest socket receives from now on, as the page's socket sees it. */
function recordFrames(): { binary: boolean; bytes: number; text: string | null }[] {
  const frames: { binary: boolean; bytes: number; text: string | null }[] = [];
  opened
    .at(-1)!
    .on('message', (data: Buffer, isBinary: boolean) =>
      frames.push({ binary: isBinary, bytes: data.byteLength, text: isBinary ? null : data.toString() }),
    );
  return frames;
}

const sameValues = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a.length === b.length && Array.from(a).every((x, i) => Object.is(x, b[i]));

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'fleetdesk-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Fleetdesk</title>');
  shell = await startBrowserShell({
    renderer: { dir: rendererDir },
    log: quietLog,
    createCore(options) {
      return {
        handlers: fakeHandlers(calls, {
          'history.get': async () => {
            // A push the host sends right behind the reply: the page must see it after the reply.
            setImmediate(() => options.push('connection.changed', { state: 'online' } as never));
            return { points: BIG };
          },
          'fleet.snapshot': async () => ({ note: bigText }),
          // Announced as a parcel (its columns), then not encodable: JSON has no BigInt.
          'alarms.summary': async () => ({ points: BIG, total: 1n }),
          // Small and not encodable either.
          'session.cancelSignIn': async () => 1n,
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
  for (const b of bridges) b.close();
  for (const ws of opened) ws.terminate();
  await shell.stop();
  rmSync(rendererDir, { recursive: true, force: true });
});

const RANGE = { assetId: 1, start: 1, end: 2 };

describe('large replies in the browser shell', () => {
  it('reach a page that fetches parcels over HTTP, every value intact, the socket carrying only the URL', async () => {
    const b = bridge(true, fetchParcelFrom(shell.origin));
    await b.invoke('app.info');
    const frames = recordFrames();
    const reply = await b.invoke('history.get', RANGE);
    if (!reply.ok) throw new Error(reply.error.message);
    const got = (reply.value as unknown as { points: typeof BIG }).points;
    expect(got.t).toBeInstanceOf(Float64Array);
    expect(got.speed).toBeInstanceOf(Float32Array);
    expect(got.flags).toBeInstanceOf(Uint8Array);
    expect(sameValues(got.t, BIG.t)).toBe(true);
    expect(sameValues(got.speed, BIG.speed)).toBe(true);
    expect(sameValues(got.flags, BIG.flags)).toBe(true);

    const parcel = frames
      .map((f) => (f.text ? (JSON.parse(f.text) as Record<string, unknown>) : null))
      .find((f) => f?.type === 'parcel');
    expect(parcel).toMatchObject({
      type: 'parcel',
      text: false,
      url: expect.stringMatching(/^\/__fleetdesk\/parcel\//),
    });
    expect(Math.max(...frames.map((f) => f.bytes))).toBeLessThan(1_000);
    // Fetched once already: the token is spent.
    expect((await fetch(new URL(String(parcel?.url), shell.origin))).status).toBe(404);
  });

  it('carries a large JSON reply as text, and small replies on the socket as before', async () => {
    const b = bridge(true, fetchParcelFrom(shell.origin));
    await b.invoke('app.info');
    const frames = recordFrames();
    expect(await b.invoke('fleet.snapshot')).toEqual({ ok: true, value: { note: bigText } });
    expect(frames.map((f) => JSON.parse(f.text ?? '{}') as { type?: string })).toEqual([
      expect.objectContaining({ type: 'parcel', text: true }),
    ]);
    expect(await b.invoke('app.info')).toMatchObject({ ok: true, value: { method: 'app.info' } });
    expect(frames.at(-1)?.text).toContain('"type":"reply"');
  });

  it('keeps the host order: a push sent behind a parcel reaches the page after the reply', async () => {
    const b = bridge(true, fetchParcelFrom(shell.origin));
    await b.invoke('app.ready');
    const order: string[] = [];
    const pushed = new Promise<void>((resolve) =>
      b.on('connection.changed', () => {
        order.push('push');
        resolve();
      }),
    );
    const reply = b.invoke('history.get', RANGE).then((r) => void order.push(r.ok ? 'reply' : 'failed'));
    await Promise.all([reply, pushed]);
    expect(order).toEqual(['reply', 'push']);
  });

  it('answers the call with an error when the parcel cannot be fetched, and goes on serving', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = bridge(true, () => Promise.reject(new Error('connection reset')));
    await b.invoke('app.ready');
    const pushed = new Promise<void>((resolve) => b.on('connection.changed', () => resolve()));
    expect(await b.invoke('history.get', RANGE)).toMatchObject({ ok: false, error: { code: 'offline' } });
    await pushed;
    expect(await b.invoke('app.info')).toMatchObject({ ok: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be fetched'), expect.any(Error));
    warn.mockRestore();
  });

  it('fails a call whose reply cannot be encoded, announced as a parcel or not, and goes on serving', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = bridge(true, fetchParcelFrom(shell.origin));
    await b.invoke('app.ready');
    expect(await b.invoke('alarms.summary')).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be fetched'), expect.any(Error));
    // A reply on the socket that cannot be encoded is answered with an error, not left unanswered.
    expect(await b.invoke('session.cancelSignIn')).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(await b.invoke('app.info')).toMatchObject({ ok: true });
    warn.mockRestore();
  });

  it('gives up on a parcel that never comes, failing its call and letting the frames behind it through', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = createSocketBridge({
      connect: wsTransport(socketUrl(true), { origin: shell.origin, opened }),
      parcelTimeoutMs: 200,
      // A fetch that hangs until it is aborted.
      fetchParcel: (_url, _text, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    bridges.push(b);
    await b.invoke('app.ready');
    const pushed = new Promise<void>((resolve) => b.on('connection.changed', () => resolve()));
    expect(await b.invoke('history.get', RANGE)).toMatchObject({ ok: false, error: { code: 'offline' } });
    await pushed;
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be fetched'), expect.anything());
    warn.mockRestore();
  });

  it('takes from a parcel only the reply it was announced as', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = JSON.stringify({ type: 'reply', id: 999_999, reply: { ok: true, value: 'not yours' } });
    const b = bridge(true, async () => other);
    expect(await b.invoke('history.get', RANGE)).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be fetched'), expect.any(Error));
    warn.mockRestore();
  });

  it('sends a page that does not fetch parcels every reply on its socket', async () => {
    const b = bridge(false);
    await b.invoke('app.info');
    const frames = recordFrames();
    const reply = await b.invoke('history.get', RANGE);
    expect(reply.ok && sameValues((reply.value as unknown as { points: typeof BIG }).points.t, BIG.t)).toBe(
      true,
    );
    expect(frames.filter((f) => f.binary)).toHaveLength(1);
    expect(frames.every((f) => !f.text?.includes('"parcel"'))).toBe(true);
  });

  it('serves a parcel to one GET (HEAD only looks), drops those of a closed socket, and refuses other origins and hosts', async () => {
    const ws = new WebSocket(socketUrl(true), { origin: shell.origin });
    opened.push(ws);
    await new Promise((resolve) => ws.once('open', resolve));
    const frame = new Promise<{ type: string; url: string }>((resolve) =>
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) resolve(JSON.parse(data.toString()) as { type: string; url: string });
      }),
    );
    ws.send(JSON.stringify({ type: 'invoke', id: 1, method: 'history.get', args: RANGE }));
    const { type, url } = await frame;
    expect(type).toBe('parcel');
    const at = new URL(url, shell.origin);
    expect((await fetch(at, { method: 'POST' })).status).toBe(405);
    expect((await fetch(at, { headers: { origin: 'http://127.0.0.1:1' } })).status).toBe(403);
    expect((await fetch(new URL(`${PARCEL_PATH}guess`, shell.origin))).status).toBe(404);
    // HEAD looks without spending the token.
    expect((await fetch(at, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(at, { method: 'HEAD' })).status).toBe(200);
    ws.close();
    await new Promise((resolve) => ws.once('close', resolve));
    // The host drops the socket's parcels as it sees the close, which may come just after the page's.
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 5_000)
      status = (await fetch(at, { method: 'HEAD' })).status;
    expect(status).toBe(404);
    expect((await fetch(at)).status).toBe(404);
  });
});
