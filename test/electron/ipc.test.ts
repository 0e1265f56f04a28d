import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, ipcMain, WebFrameMain, type WebContents } from '../mocks/electron';
import { ApiError } from '../../src/main/core/api/api-error';
import { setupIpc } from '../../src/main/electron/ipc';
import { createIpcRouter } from '../../src/main/ipc/ipc-router';
import { createPushChannel, LIVE_WINDOW, type PushChannel } from '../../src/main/ipc/push-channel';
import {
  IPC_INVOKE_CHANNEL,
  IPC_PUSH_CHANNEL,
  ipcMethods,
  type IpcReply,
} from '../../src/shared/ipc/contract';
import { fakeHandlers, type RecordedCall } from './fake-handlers';

vi.mock('electron', () => import('../mocks/electron'));

const APP_PAGE = 'app://fleetdesk/index.html';
const isOwnUrl = (url: string): boolean => url.startsWith('app://fleetdesk/');

let calls: RecordedCall[];
let pushes: PushChannel;
let win: BrowserWindow;

/** What ipcRenderer.invoke would resolve with in the page, from this frame of this window. */
const invoke = (method: unknown, args?: unknown, frame?: WebFrameMain, sender?: WebContents) =>
  ipcMain.invoke(
    IPC_INVOKE_CHANNEL,
    { sender: sender ?? win.webContents, senderFrame: frame ?? win.webContents.mainFrame },
    method,
    args,
  ) as Promise<IpcReply<unknown>>;

beforeEach(async () => {
  ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  calls = [];
  pushes = createPushChannel();
  const handlers = fakeHandlers(calls, {
    'fleet.location': async () => {
      throw new ApiError({ kind: 'not_found', route: 'location', message: 'The asset does not exist.' });
    },
    'reports.retry': async () => {
      throw new Error('disk full');
    },
  });
  const ipc = setupIpc(createIpcRouter(handlers), pushes, isOwnUrl);
  win = new BrowserWindow({ webPreferences: {} });
  await win.loadURL(APP_PAGE);
  ipc.attach(win.webContents);
});

describe('the Electron IPC wrapper', () => {
  it('has a handler for every method of the contract, each parsing its own arguments', async () => {
    for (const method of Object.keys(ipcMethods)) {
      // A number is nobody's valid argument: every registered method answers bad_args, never unknown_method.
      const reply = await invoke(method, 42);
      expect(reply, method).toMatchObject({ ok: false, error: { code: 'bad_args' } });
    }
    expect(calls).toEqual([]);
    expect(await invoke('fleet.drop-table')).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await invoke({ toString: 1 })).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('answers a valid call with {ok:true,value} and hands the handler parsed arguments', async () => {
    expect(await invoke('fleet.snapshot')).toEqual({ ok: true, value: { method: 'fleet.snapshot' } });
    const reply = await invoke('session.signInRemote', {
      profile: {
        kind: 'remote',
        name: ' Depot ',
        base_url: 'https://fleet.example.com',
        ws_url: 'wss://ws.example.com',
        api_url: 'https://api.example.com',
        api_ws_url: 'wss://apiws.example.com',
        tracking_url: 'https://track.example.com',
        app_key: 'app',
        account_key: 'acc',
        user_id: 7,
      },
      token: '  secret-token-1234  ',
    });
    expect(reply.ok).toBe(true);
    // Trimmed and defaulted by the contract's schema before the core sees them.
    expect(calls.at(-1)).toMatchObject({
      method: 'session.signInRemote',
      args: { token: 'secret-token-1234', persistToken: false, profile: { name: 'Depot' } },
    });
  });

  it('refuses bad arguments with bad_args and the fields that are wrong', async () => {
    const reply = await invoke('history.get', { assetId: 3, start: 2_000, end: 1_000 });
    expect(reply).toEqual({
      ok: false,
      error: { code: 'bad_args', message: expect.any(String), details: { end: ['end must be after start'] } },
    });
    expect(await invoke('notices.dismiss', { id: 12 })).toMatchObject({
      ok: false,
      error: { code: 'bad_args', details: { id: expect.any(Array) } },
    });
    expect(calls).toEqual([]);
  });

  it("turns the core's errors into codes the renderer acts on, never a thrown error", async () => {
    expect(await invoke('fleet.location', { assetId: 1 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'The asset does not exist.' },
    });
    expect(await invoke('reports.retry', { localId: 'r1' })).toEqual({
      ok: false,
      error: { code: 'internal', message: 'disk full' },
    });
  });

  it('refuses a page of another origin, a subframe and another window', async () => {
    win.webContents.mainFrame.url = 'https://evil.example/index.html';
    expect(await invoke('session.get')).toMatchObject({ ok: false, error: { code: 'bad_sender' } });
    win.webContents.mainFrame.url = 'file:///etc/passwd';
    expect(await invoke('session.get')).toMatchObject({ ok: false, error: { code: 'bad_sender' } });
    win.webContents.mainFrame.url = APP_PAGE;

    const subframe = new WebFrameMain(APP_PAGE, win.webContents.mainFrame);
    expect(await invoke('session.get', undefined, subframe)).toMatchObject({
      ok: false,
      error: { code: 'bad_sender' },
    });

    const other = new BrowserWindow({});
    await other.loadURL(APP_PAGE);
    expect(
      await invoke('session.get', undefined, other.webContents.mainFrame, other.webContents),
    ).toMatchObject({
      ok: false,
      error: { code: 'bad_sender' },
    });
    expect(calls).toEqual([]);
    expect(await invoke('session.get')).toMatchObject({ ok: true });
  });

  it('holds pushes until the renderer says it is ready, then delivers them in order', async () => {
    pushes.push('notice', { id: 'a', kind: 'info', message: 'first', at: 1 });
    pushes.push('reports.removed', { localId: 'r1' });
    expect(win.webContents.sent).toEqual([]);

    expect(await invoke('app.ready')).toMatchObject({ ok: true });
    pushes.push('reports.removed', { localId: 'r2' });
    expect(win.webContents.sent).toEqual([
      { channel: IPC_PUSH_CHANNEL, args: ['notice', { id: 'a', kind: 'info', message: 'first', at: 1 }] },
      { channel: IPC_PUSH_CHANNEL, args: ['reports.removed', { localId: 'r1' }] },
      { channel: IPC_PUSH_CHANNEL, args: ['reports.removed', { localId: 'r2' }] },
    ]);
  });

  it('sends the window its next live batch when it says it took one', async () => {
    await invoke('app.ready');
    const fix = (assetId: number) => ({
      assetId,
      lat: 0,
      lon: 0,
      speed: 0,
      course: 0,
      t: assetId,
      state: 'moving' as const,
      ignition: true,
    });
    for (let id = 1; id <= 4; id++) pushes.push('live.positions', { positions: [fix(id)] });
    expect(win.webContents.sent).toHaveLength(LIVE_WINDOW);
    expect(await invoke('app.liveTaken')).toMatchObject({ ok: true });
    expect(win.webContents.sent.at(-1)).toEqual({
      channel: IPC_PUSH_CHANNEL,
      args: ['live.positions', { positions: [fix(3), fix(4)] }],
    });
  });

  it('queues again while a reloaded page mounts, and never pushes to a closed window', async () => {
    await invoke('app.ready');
    win.webContents.emit('did-navigate');
    pushes.push('reports.removed', { localId: 'while-reloading' });
    expect(win.webContents.sent).toEqual([]);
    await invoke('app.ready');
    expect(win.webContents.sent.map((m) => m.args[1])).toEqual([{ localId: 'while-reloading' }]);

    win.close();
    expect(() => pushes.push('reports.removed', { localId: 'after-close' })).not.toThrow();
  });
});
