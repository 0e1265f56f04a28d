import { app, BrowserWindow } from 'electron';
import type { RestoredWindowState } from './window-state';
import { MIN_HEIGHT, MIN_WIDTH } from './window-bounds';

export interface MainWindowOptions {
  /** The bundled CommonJS preload (out/preload/index.cjs). */
  readonly preloadPath: string;
  readonly url: string;
  readonly state: RestoredWindowState;
}

/**
 * The secure window of the Electron checklist: an isolated, sandboxed
 * renderer without Node, same-origin policy on, no insecure content, the
 * preload the only bridge. DevTools only in development: in a packaged build
 * they would let anyone at the operator's desk run script with the page's
 * bridge (the View menu has no DevTools toggle there either, menu.ts).
 */
export function secureWebPreferences(preloadPath: string, isPackaged: boolean): Electron.WebPreferences {
  return {
    preload: preloadPath,
    devTools: !isPackaged,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...options.state.bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'Fleetdesk',
    backgroundColor: '#111418',
    webPreferences: secureWebPreferences(options.preloadPath, app.isPackaged),
  });
  win.once('ready-to-show', () => {
    if (options.state.maximized) win.maximize();
    win.show();
  });
  void win.loadURL(options.url);
  return win;
}
