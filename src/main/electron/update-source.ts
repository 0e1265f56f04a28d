import { app, dialog } from 'electron';
import type { ShellLog } from './logging';
import type { UpdateSource } from './updater';

/**
 * electron-updater behind UpdateSource. Loaded only in a packaged app:
 * unpackaged it has no app-update.yml and nothing to update.
 */
export async function electronUpdaterSource(log: ShellLog): Promise<UpdateSource | null> {
  if (!app.isPackaged) return null;
  const { default: electronUpdater } = await import('electron-updater');
  const updater = electronUpdater.autoUpdater;
  updater.logger = log;
  updater.autoDownload = true;
  // Installed at the next quit if the user chose "Later".
  updater.autoInstallOnAppQuit = true;
  return {
    check: async () => void (await updater.checkForUpdates()),
    onDownloaded: (listener) => void updater.on('update-downloaded', (info) => listener(info.version)),
    installNow: () => updater.quitAndInstall(),
  };
}

/** A message box without a parent window: the app stays usable while it is open. */
export async function offerRestart(version: string): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'info',
    title: 'Fleetdesk update',
    message: `Fleetdesk ${version} is ready.`,
    detail: 'Restart when it suits you; otherwise it is installed the next time Fleetdesk quits.',
    buttons: ['Restart to update', 'Later'],
    defaultId: 1,
    cancelId: 1,
  });
  return response === 0;
}
