import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  PreventableEvent,
  protocol,
  session,
  shell,
} from '../mocks/electron';
import { startElectronShell, type ElectronShell } from '../../src/main/electron/electron-shell';
import { IPC_INVOKE_CHANNEL, type IpcReply } from '../../src/shared/ipc/contract';

vi.mock('electron', () => import('../mocks/electron'));

/**
 * The whole Electron shell against the shared fake: the real core behind it
 * (Demo profile, the local service in-process), the real IPC wrapper, the
 * real window and guards.
 */
let rendererDir: string;
let electronShell: ElectronShell;
let win: BrowserWindow;
let privilegedBeforeReady: unknown[];

const invoke = (method: string, args?: unknown) =>
  ipcMain.invoke(
    IPC_INVOKE_CHANNEL,
    { sender: win.webContents, senderFrame: win.webContents.mainFrame },
    method,
    args,
  ) as Promise<IpcReply<unknown>>;

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'fleetdesk-out-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Fleetdesk</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(tmpdir(), 'fleetdesk-outside.txt'), 'not for the renderer');
  const started = startElectronShell({
    preload: '/opt/fleetdesk/out/preload/index.cjs',
    renderer: rendererDir,
  });
  privilegedBeforeReady = [...protocol.privileged];
  app.becomeReady();
  electronShell = (await started)!;
  win = BrowserWindow.getAllWindows()[0]!;
});

afterAll(async () => {
  app.emit('before-quit', new PreventableEvent());
  await vi.waitFor(() => expect(app.quitCalls).toBeGreaterThan(0), { timeout: 20_000 });
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the Electron shell', () => {
  it('opens one window with the secure settings and the bundled preload', () => {
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/opt/fleetdesk/out/preload/index.cjs',
    });
    expect(win.webContents.mainFrame.url).toBe('app://fleetdesk/index.html');
    expect(electronShell.window()).toBe(win);
  });

  it('serves the renderer from its own privileged scheme with a strict CSP, and nothing outside it', async () => {
    expect(privilegedBeforeReady).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    const handler = protocol.handlers.get('app')!;
    const page = await handler(new Request('app://fleetdesk/index.html'));
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(await page.text()).toContain('<title>Fleetdesk</title>');
    expect((await handler(new Request('app://fleetdesk/assets/app.js'))).headers.get('content-type')).toMatch(
      /javascript/,
    );
    expect((await handler(new Request('app://fleetdesk/..%2F..%2Ffleetdesk-outside.txt'))).status).toBe(404);
    expect((await handler(new Request('app://fleetdesk/%2e%2e/fleetdesk-outside.txt'))).status).toBe(404);
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });

  it('never navigates away from the app; window.open is denied and https links go to the system browser', () => {
    expect(win.webContents.tryNavigate('https://evil.example/')).toBe(false);
    expect(win.webContents.tryNavigate('file:///etc/passwd')).toBe(false);
    expect(win.webContents.tryNavigate('app://fleetdesk/index.html')).toBe(true);

    expect(win.webContents.tryOpenWindow('https://www.openstreetmap.org/copyright')).toEqual({
      action: 'deny',
    });
    expect(win.webContents.tryOpenWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(win.webContents.tryOpenWindow('http://tracker.example/')).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://www.openstreetmap.org/copyright']);
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      session.defaultSession.permissionRequestHandler!(win.webContents, permission, (granted) =>
        answers.push(granted),
      );
    expect(answers).toEqual([false, false, false, false]);
    expect(session.defaultSession.permissionCheckHandler!()).toBe(false);
    expect(session.defaultSession.devicePermissionHandler!()).toBe(false);
  });

  it('serves the contract to its window through the real core', async () => {
    expect(await invoke('app.info')).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: process.platform, shell: 'electron' },
    });
    expect(await invoke('app.copyText', { text: 'https://track.example/abc' })).toEqual({
      ok: true,
      value: null,
    });
    expect(await invoke('app.openExternal', { url: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await invoke('settings.set', { theme: 'sepia' })).toMatchObject({
      ok: false,
      error: { code: 'bad_args' },
    });
  });

  it('has the usual menus and Help → Open logs folder', () => {
    const template = Menu.current!.template as {
      role?: string;
      submenu?: { label: string; click(): void }[];
    }[];
    expect(template.map((m) => m.role)).toEqual(
      expect.arrayContaining(['fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']),
    );
    const openLogs = template
      .find((m) => m.role === 'help')!
      .submenu!.find((i) => i.label === 'Open logs folder')!;
    openLogs.click();
    expect(shell.openedPaths.at(-1)).toMatch(/logs$/);
  });

  it('a second launch brings the first window back', () => {
    win.minimized = true;
    win.focused = false;
    app.emit('second-instance');
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(true);
  });

  it('remembers where the window was', () => {
    win.setBounds({ x: 100, y: 80, width: 1200, height: 800 });
    win.emit('close', new PreventableEvent());
    const file = join(app.getPath('userData'), 'window-state.json');
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      last: string;
      displays: Record<string, unknown>;
    };
    expect(saved.displays[saved.last]).toMatchObject({ x: 100, y: 80, width: 1200, height: 800 });
  });

  it('shows a dialog for an uncaught error instead of vanishing', () => {
    const before = dialog.messageBoxes.length;
    process.emit('uncaughtException', new Error('a timer blew up'));
    expect(dialog.messageBoxes.length).toBe(before + 1);
    expect(JSON.stringify(dialog.messageBoxes.at(-1))).toContain('a timer blew up');
  });
});
