import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import electron, {
  app,
  BrowserWindow,
  contextBridge,
  ipcMain,
  ipcRenderer,
  PreventableEvent,
} from '../mocks/electron';
import {
  IPC_INVOKE_CHANNEL,
  IPC_PUSH_CHANNEL,
  ipcMethods,
  type FleetdeskBridge,
  type IpcReply,
} from '../../src/shared/ipc/contract';

vi.mock('electron', () => import('../mocks/electron'));

/**
 * docs/architecture.md "The Electron shell": what `npm run build` produces, checked with the shared fake of
 * electron. One build (into test-results/, inside the project so the bundle's
 * dependencies resolve from node_modules as they do in the packaged app).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'test-results', `electron-build-${process.pid}`);

beforeAll(async () => {
  await promisify(execFile)(join(ROOT, 'node_modules/.bin/electron-vite'), ['build', '--outDir', OUT], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
}, 240_000);

afterAll(async () => {
  if (app.isReady()) {
    app.emit('before-quit', new PreventableEvent());
    await vi.waitFor(() => expect(app.quitCalls).toBeGreaterThan(0), { timeout: 20_000 });
  }
  rmSync(OUT, { recursive: true, force: true });
});

describe('the built app', () => {
  it('has a preload that is one CommonJS file requiring only electron, and exposes window.fleetdesk', async () => {
    expect(readdirSync(join(OUT, 'preload'))).toEqual(['index.cjs']);
    const code = readFileSync(join(OUT, 'preload', 'index.cjs'), 'utf8');
    const required = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/^\s*import\s.+from\s/m);
    expect(code).not.toMatch(/\bimport\(/);

    // Run it the way a sandboxed renderer would: a require that knows nothing but 'electron'.
    const sandboxRequire = (name: string): unknown => {
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    };
    const module = { exports: {} };
    new Function('require', 'module', 'exports', code)(sandboxRequire, module, module.exports);
    const bridge = contextBridge.exposed.get('fleetdesk') as FleetdeskBridge;
    expect(typeof bridge.invoke).toBe('function');

    ipcRenderer.reply = (_channel, method) => ({ ok: true, value: { echoed: method } });
    expect(await bridge.invoke('app.info')).toEqual({ ok: true, value: { echoed: 'app.info' } });
    expect(ipcRenderer.invocations.at(-1)).toEqual({
      channel: IPC_INVOKE_CHANNEL,
      args: ['app.info', undefined],
    });
    const notices: unknown[] = [];
    const off = bridge.on('notice', (n) => notices.push(n));
    ipcRenderer.emit(IPC_PUSH_CHANNEL, {}, 'notice', { id: 'n' });
    off();
    ipcRenderer.emit(IPC_PUSH_CHANNEL, {}, 'notice', { id: 'after-off' });
    expect(notices).toEqual([{ id: 'n' }]);
  });

  it('has a renderer entry', () => {
    expect(existsSync(join(OUT, 'renderer', 'index.html'))).toBe(true);
  });

  it('loads its main bundle against the faked electron and registers every IPC method', async () => {
    await import(pathToFileURL(join(OUT, 'main', 'index.js')).href);
    app.becomeReady();
    await vi.waitFor(() => expect(BrowserWindow.getAllWindows()).toHaveLength(1), { timeout: 20_000 });
    const win = BrowserWindow.getAllWindows()[0]!;
    expect(win.options.webPreferences).toMatchObject({
      preload: join(OUT, 'preload', 'index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    const invoke = (method: string, args?: unknown) =>
      ipcMain.invoke(
        IPC_INVOKE_CHANNEL,
        { sender: win.webContents, senderFrame: win.webContents.mainFrame },
        method,
        args,
      ) as Promise<IpcReply<unknown>>;
    for (const method of Object.keys(ipcMethods)) {
      // Registered methods parse their arguments (a number fits none); unregistered ones would say unknown_method.
      expect(await invoke(method, 42), method).toMatchObject({ ok: false, error: { code: 'bad_args' } });
    }
    expect(await invoke('app.info')).toMatchObject({ ok: true, value: { shell: 'electron' } });
  });
});
