import { extname, join } from 'node:path';
import { app, clipboard, dialog, Notification, shell, type BrowserWindow } from 'electron';
import { checkExternalUrl } from '../core/app/external-url-policy';
import type { ShellServices } from '../core/ipc-handlers';

const FILTERS: Readonly<Record<string, string>> = {
  '.pdf': 'PDF document',
  '.xlsx': 'Excel workbook',
  '.html': 'Web page',
  '.json': 'JSON data',
};

/**
 * The native side of the core's ShellServices: Save and Open dialogs, open, reveal, browser, clipboard,
 * notifications and the dock/taskbar badge.
 * `serviceOrigins` are the signed-in service's (AppCore.serviceOrigins).
 */
export function createElectronShellServices(
  window: () => BrowserWindow | null,
  serviceOrigins: () => readonly string[],
): ShellServices {
  // A notification that is only referenced by the OS is collected with its click handler (electron#12690).
  const shown = new Set<Notification>();
  return {
    async chooseSavePath(filename) {
      const ext = extname(filename).toLowerCase();
      const name = FILTERS[ext];
      const options: Electron.SaveDialogOptions = {
        title: 'Save report',
        defaultPath: join(app.getPath('downloads'), filename),
        filters: name ? [{ name, extensions: [ext.slice(1)] }] : [],
      };
      const win = window();
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async openPath(path) {
      const error = await shell.openPath(path);
      if (error) throw new Error(`The file could not be opened: ${error}`);
    },
    async showInFolder(path) {
      shell.showItemInFolder(path);
    },
    openExternal: (url) => openExternalSafely(url, serviceOrigins()),
    async chooseImageFile() {
      const options: Electron.OpenDialogOptions = {
        title: 'Choose a photo',
        properties: ['openFile'],
        // The type is checked again by content before upload (core photo-file.ts); this only narrows the list.
        filters: [{ name: 'Photos (JPEG, PNG, WebP)', extensions: ['jpg', 'jpeg', 'png', 'webp'] }],
      };
      const win = window();
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseMbtilesFile() {
      const options: Electron.OpenDialogOptions = {
        title: 'Import an MBTiles file',
        properties: ['openFile'],
        // The file is checked by its content (core tiles/mbtiles-file.ts); this only narrows the list.
        filters: [{ name: 'MBTiles', extensions: ['mbtiles'] }],
      };
      const win = window();
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async copyText(text) {
      // Electron's clipboard.writeText is asynchronous (modelled on navigator.clipboard): a failure must reach the caller.
      await clipboard.writeText(text);
    },
    notify({ title, body, severity }) {
      if (!Notification.isSupported()) return;
      // Silent: the renderer plays the severity's sound as the Settings say (docs/architecture.md "Alarms").
      const n = new Notification({
        title,
        body,
        silent: true,
        urgency: severity === 'critical' ? 'critical' : 'normal',
      });
      shown.add(n);
      const forget = (): void => void shown.delete(n);
      n.on('click', () => {
        forget();
        const win = window();
        if (!win) return;
        if (win.isMinimized()) win.restore();
        win.focus();
      });
      n.on('close', forget);
      n.on('failed', forget);
      n.show();
    },
    setBadgeCount(count) {
      // macOS dock and Linux Unity launchers; elsewhere Electron answers false and nothing shows.
      app.setBadgeCount(count);
    },
  };
}

/** The only way the app opens a URL outside itself: the core's policy, whoever asks. */
export async function openExternalSafely(url: string, serviceOrigins: readonly string[]): Promise<void> {
  await shell.openExternal(checkExternalUrl(url, serviceOrigins));
}
