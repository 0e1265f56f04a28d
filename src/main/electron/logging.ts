import { dirname } from 'node:path';
import { app, dialog } from 'electron';
import log from 'electron-log/main';

export interface ShellLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

/** Rotation: past this size the file becomes main.old.log and a new one starts. */
const MAX_LOG_BYTES = 5 * 1024 * 1024;

/**
 * electron-log writes main's log to userData/logs with rotation (docs/architecture.md "The Electron shell").
 * An uncaught error or rejection in main is logged and shown to the user —
 * a control room must see that something broke, not watch the app vanish.
 */
export function setupLogging(): ShellLog {
  log.transports.file.level = 'info';
  log.transports.file.maxSize = MAX_LOG_BYTES;
  log.transports.console.level = app.isPackaged ? false : 'info';
  let dialogOpen = false;
  log.errorHandler.startCatching({
    showDialog: false,
    onError({ error, errorName }) {
      log.error(errorName ?? 'Uncaught error', error);
      // One dialog at a time: a failing timer must not stack hundreds of them.
      if (dialogOpen || !app.isReady()) return false;
      dialogOpen = true;
      void dialog
        .showMessageBox({
          type: 'error',
          title: 'Fleetdesk',
          message: 'Something went wrong in Fleetdesk.',
          detail: `${error.message}\n\nThe details are in the log (Help → Open logs folder). You can keep working; restart Fleetdesk if something looks wrong.`,
          buttons: ['OK'],
        })
        .finally(() => {
          dialogOpen = false;
        });
      return false;
    },
  });
  return {
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
    error: (m, err) => (err === undefined ? log.error(m) : log.error(m, err)),
  };
}

export function logsFolder(): string {
  return dirname(log.transports.file.getFile().path);
}
