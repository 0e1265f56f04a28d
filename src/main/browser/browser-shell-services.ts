import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ShellServices } from '../core/ipc-handlers';
import { callerContext } from './caller-context';

export interface BrowserDownload {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
}

export interface BrowserShellServices extends ShellServices {
  /** The file behind a download token, or null (unknown or foreign token). */
  download(token: string): BrowserDownload | null;
}

export const DOWNLOAD_PATH = '/__fleetdesk/download/';

/**
 * ShellServices in a browser: the Save dialog becomes a browser download
 * (the core copies the report into a per-download folder, then the tab that
 * asked is told to fetch it), "open"/"show in folder" are not possible from a
 * page and say so in the log, the system browser is a new tab, the clipboard
 * is the page's.
 */
export function createBrowserShellServices(
  downloadsDir: string,
  log: { warn(message: string): void },
): BrowserShellServices {
  const downloads = new Map<string, BrowserDownload>();
  return {
    async chooseSavePath(filename, contentType) {
      const caller = callerContext.getStore();
      if (!caller) return null;
      const token = randomBytes(18).toString('base64url');
      const safeName = basename(filename) || 'report';
      const dir = join(downloadsDir, token);
      await mkdir(dir, { recursive: true });
      const path = join(dir, safeName);
      downloads.set(token, { path, filename: safeName, contentType });
      // The core copies the file after this returns; the tab fetches it once the call has replied.
      caller.afterReply.push(() =>
        caller.send({ type: 'download', url: `${DOWNLOAD_PATH}${token}`, filename: safeName }),
      );
      return path;
    },
    async openPath(path) {
      log.warn(`The browser shell cannot open ${path}; save the report instead.`);
    },
    async showInFolder(path) {
      log.warn(`The browser shell cannot show ${path} in a folder.`);
    },
    async openExternal(url) {
      callerContext.getStore()?.send({ type: 'open', url });
    },
    async copyText(text) {
      callerContext.getStore()?.send({ type: 'copy', text });
    },
    download: (token) => downloads.get(token) ?? null,
  };
}
