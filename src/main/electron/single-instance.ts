import { app, type BrowserWindow } from 'electron';

/**
 * One Fleetdesk per user (docs/architecture.md "The Electron shell"): two instances would share one SQLite
 * cache and run two realtime connections. A second launch focuses the first
 * window and exits. Returns false in the second instance.
 */
export function setupSingleInstance(window: () => BrowserWindow | null): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const win = window();
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  return true;
}
