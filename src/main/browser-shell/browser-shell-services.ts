import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { ShellServices } from '../core/ipc-handlers';
import { callerContext } from './caller-context';

export interface BrowserDownload {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
  /** Shown in the tab (Open) rather than saved (Save, Show in folder). */
  readonly inline: boolean;
}

const TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface BrowserShellServices extends ShellServices {
  /** The file behind a download token, or null (unknown or foreign token). */
  download(token: string): BrowserDownload | null;
}

export const DOWNLOAD_PATH = '/__fleetdesk/download/';

/**
 * ShellServices in a browser: the Save dialog becomes a browser download
 * (the core copies the report into a per-download folder, then the tab that
 * asked is told to fetch it), the system browser is a new tab, the clipboard
 * is the page's.
 */
export function createBrowserShellServices(
  downloadsDir: string,
  log: { warn(message: string): void },
): BrowserShellServices {
  const downloads = new Map<string, BrowserDownload>();
  const offer = (file: Omit<BrowserDownload, 'inline'>, inline: boolean): string => {
    const token = randomBytes(18).toString('base64url');
    downloads.set(token, { ...file, inline });
    return `${DOWNLOAD_PATH}${token}`;
  };
  /** A report file the core already has: the tab opens it, or downloads it again. */
  const existing = (path: string, inline: boolean): void => {
    const caller = callerContext.getStore();
    if (!caller) return log.warn(`Nobody to show ${path} to.`);
    const filename = basename(path);
    const url = offer(
      { path, filename, contentType: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream' },
      inline,
    );
    caller.afterReply.push(() =>
      caller.send(inline ? { type: 'open', url } : { type: 'download', url, filename }),
    );
  };
  return {
    async chooseSavePath(filename, contentType) {
      const caller = callerContext.getStore();
      if (!caller) return null;
      const safeName = basename(filename) || 'report';
      const dir = join(downloadsDir, randomBytes(9).toString('base64url'));
      await mkdir(dir, { recursive: true });
      const path = join(dir, safeName);
      const url = offer({ path, filename: safeName, contentType }, false);
      // The core copies the file after this returns; the tab fetches it once the call has replied.
      caller.afterReply.push(() => caller.send({ type: 'download', url, filename: safeName }));
      return path;
    },
    // A page cannot open files or folders: "Open" shows the report in a new tab,
    // "Show in folder" downloads it again (the browser shows its downloads).
    openPath: async (path) => existing(path, true),
    showInFolder: async (path) => existing(path, false),
    async openExternal(url) {
      callerContext.getStore()?.send({ type: 'open', url });
    },
    async copyText(text) {
      callerContext.getStore()?.send({ type: 'copy', text });
    },
    // The page raises Web Notifications from alarms.raised itself, and a tab has no badge but its title.
    notify: () => undefined,
    setBadgeCount: () => undefined,
    download: (token) => downloads.get(token) ?? null,
  };
}
