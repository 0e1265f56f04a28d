import { afterEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow } from '../mocks/electron';
import { createMainWindow } from '../../src/main/electron/main-window';

vi.mock('electron', () => import('../mocks/electron'));

afterEach(() => {
  app.isPackaged = false;
  for (const w of BrowserWindow.getAllWindows()) w.close();
});

function openWindow(): BrowserWindow {
  return createMainWindow({
    preloadPath: '/opt/fleetdesk/out/preload/index.cjs',
    url: 'app://fleetdesk/index.html',
    state: { bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: false },
  }) as unknown as BrowserWindow;
}

/** What must hold in every build (the Electron security checklist). */
const SECURE = {
  preload: '/opt/fleetdesk/out/preload/index.cjs',
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
};

describe('the main window', () => {
  it('has no DevTools in a packaged build', () => {
    app.isPackaged = true;
    expect(openWindow().options.webPreferences).toEqual(
      expect.objectContaining({ ...SECURE, devTools: false }),
    );
  });

  it('keeps DevTools in development (npm start, an unpacked out/)', () => {
    app.isPackaged = false;
    expect(openWindow().options.webPreferences).toEqual(
      expect.objectContaining({ ...SECURE, devTools: true }),
    );
  });

  it('differs between the two builds in DevTools alone', () => {
    app.isPackaged = true;
    const packaged = { ...openWindow().options.webPreferences };
    app.isPackaged = false;
    const development = { ...openWindow().options.webPreferences };
    const differing = Object.keys({ ...packaged, ...development }).filter(
      (k) => packaged[k] !== development[k],
    );
    expect(differing).toEqual(['devTools']);
  });
});
