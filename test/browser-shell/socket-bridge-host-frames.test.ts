import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { createSocketBridge, type HostAction, type SocketBridge } from '../../src/preload/socket-bridge';
import { invokeFrameSchema } from '../../src/shared/ipc/socket-frames';
import { wsTransport } from './ws-bridge-transport';

/** A host that answers every invoke with `frames(id)`, raw text as it would arrive off the socket. */
async function misbehavingHost(frames: (id: number) => string[]): Promise<{ url: string; close(): void }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (ws) =>
    ws.on('message', (data) => {
      const frame = invokeFrameSchema.parse(JSON.parse(String(data)));
      for (const text of frames(frame.id)) ws.send(text);
    }),
  );
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    close: () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function bridgeTo(
  url: string,
  onHostAction?: (a: HostAction) => void,
  fetchParcel?: (url: string, text: boolean) => Promise<string>,
): SocketBridge {
  return createSocketBridge({
    onHostAction,
    connect: wsTransport(url),
    ...(fetchParcel ? { fetchParcel } : {}),
  });
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.restoreAllMocks();
});

describe("the page's socket bridge, given frames its host should never send", () => {
  it('drops each one with a warning and still takes the real reply, push and action', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = await misbehavingHost((id) => [
      JSON.stringify({ type: 'reply', id, reply: { ok: 'yes', value: 'forged' } }),
      JSON.stringify({ type: 'reply', id: String(id), reply: { ok: true, value: 'forged' } }),
      JSON.stringify({ type: 'push', event: 'notice' }),
      JSON.stringify({ type: 'download', url: '/x' }),
      JSON.stringify({ type: 'teleport' }),
      JSON.stringify({ type: 'push', event: 'notice', payload: { id: 'real' } }),
      JSON.stringify({ type: 'copy', text: 'copied' }),
      JSON.stringify({ type: 'reply', id, reply: { ok: true, value: 'real' } }),
    ]);
    cleanups.push(host.close);
    const actions: HostAction[] = [];
    const bridge = bridgeTo(host.url, (a) => actions.push(a));
    cleanups.push(() => bridge.close());
    const notices: unknown[] = [];
    bridge.on('notice', (n) => notices.push(n));

    expect(await bridge.invoke('app.info')).toEqual({ ok: true, value: 'real' });
    expect(notices).toEqual([{ id: 'real' }]);
    expect(actions).toEqual([{ type: 'copy', text: 'copied' }]);
    const dropped = warn.mock.calls.filter(([m]) => String(m).includes('not a host frame'));
    expect(dropped).toHaveLength(5);
  });

  it('fetches a parcel only from a parcel path on its own origin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = await misbehavingHost((id) => [
      JSON.stringify({ type: 'parcel', id, url: '//elsewhere.example/__fleetdesk/parcel/abc', text: true }),
      JSON.stringify({ type: 'parcel', id, url: 'https://elsewhere.example/x', text: true }),
      JSON.stringify({ type: 'parcel', id, url: '/__fleetdesk/download/abc', text: true }),
      JSON.stringify({ type: 'parcel', id, url: '/__fleetdesk/parcel/../../etc', text: true }),
      JSON.stringify({ type: 'parcel', id, url: '/__fleetdesk/parcel/tok-en_1', text: true }),
    ]);
    cleanups.push(host.close);
    const fetched: string[] = [];
    const bridge = bridgeTo(host.url, undefined, async (url) => {
      fetched.push(url);
      return JSON.stringify({ type: 'reply', id: 1, reply: { ok: true, value: 'from the parcel' } });
    });
    cleanups.push(() => bridge.close());

    expect(await bridge.invoke('app.info')).toEqual({ ok: true, value: 'from the parcel' });
    expect(fetched).toEqual(['/__fleetdesk/parcel/tok-en_1']);
    expect(warn.mock.calls.filter(([m]) => String(m).includes('not a host frame'))).toHaveLength(4);
  });

  it('passes an error reply through with its code, message and field details', async () => {
    const host = await misbehavingHost((id) => [
      JSON.stringify({
        type: 'reply',
        id,
        reply: {
          ok: false,
          error: { code: 'bad_args', message: 'Check the form.', details: { from: ['Required'] } },
        },
      }),
    ]);
    cleanups.push(host.close);
    const bridge = bridgeTo(host.url);
    cleanups.push(() => bridge.close());
    expect(await bridge.invoke('app.info')).toEqual({
      ok: false,
      error: { code: 'bad_args', message: 'Check the form.', details: { from: ['Required'] } },
    });
  });
});
