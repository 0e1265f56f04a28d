import { extname, join } from 'node:path';
import { app, clipboard, dialog, shell, type BrowserWindow } from 'electron';
import { checkExternalUrl } from '../core/app/external-url-policy';
import type { ShellServices } from '../core/ipc-handlers';

const FILTERS: Readonly<Record<string, string>> = {
  '.pdf': 'PDF document',
  '.xlsx': 'Excel workbook',
  '.html': 'Web page',
  '.json': 'JSON data',
};

/**
 * The native side of the core's ShellServices: Save and Open dialogs, open, reveal, browser, clipboard.
 * `serviceOrigins` are the signed-in service's (AppCore.serviceOrigins).
 */
export function createElectronShellServices(
  window: () => BrowserWindow | null,
  serviceOrigins: () => readonly string[],
): ShellServices {
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
    async copyText(text) {
      // Electron's clipboard.writeText is asynchronous (modelled on navigator.clipboard): a failure must reach the caller.
      await clipboard.writeText(text);
    },
  };
}

/** The only way the app opens a URL outside itself: the core's policy, whoever asks. */
export async function openExternalSafely(url: string, serviceOrigins: readonly string[]): Promise<void> {
  await shell.openExternal(checkExternalUrl(url, serviceOrigins));
}
