import { join } from 'node:path';
import { app, dialog, session, type BrowserWindow } from 'electron';
import { createAppCore, type AppCore } from '../core/app-core';
import type { PushSink } from '../core/ipc-handlers';
import { localDemoService } from '../demo/local-demo-service';
import { createIpcRouter } from '../ipc/ipc-router';
import { createPushChannel } from '../ipc/push-channel';
import { APP_HOST, APP_SCHEME, APP_URL, registerAppScheme, setupAppProtocol } from './app-protocol';
import { contentSecurityPolicy } from './content-security-policy';
import { setupIpc } from './ipc';
import { logsFolder, setupLogging, type ShellLog } from './logging';
import { createMainWindow } from './main-window';
import { setupMenu } from './menu';
import { createSafeStorageSecretStore } from './secret-store';
import { createElectronShellServices, openExternalSafely } from './shell-services';
import { setupSingleInstance } from './single-instance';
import { electronUpdaterSource, offerRestart } from './update-source';
import { setupUpdater, type Updater } from './updater';
import { denyAllPermissions, setupWebGuards } from './web-guards';
import { restoreWindowState, trackWindowState } from './window-state';

/** Set once the user quits: whatever a start still under way reports after that is no news. */
let quitting = false;

export interface ElectronShellPaths {
  /** out/preload/index.cjs */
  readonly preload: string;
  /** out/renderer */
  readonly renderer: string;
}

export interface ElectronShell {
  readonly core: AppCore;
  window(): BrowserWindow | null;
}

/**
 * The Electron app: each module registers itself in one setupX() (as
 * electron/fiddle does) and the core does the work. Returns null in a second
 * instance, which only hands over to the first.
 */
export function startElectronShell(paths: ElectronShellPaths): Promise<ElectronShell> | null {
  const log = setupLogging();
  let win: BrowserWindow | null = null;
  let started: AppCore | null = null;
  // A link may be opened before the core exists (window.open): no service yet, so https only.
  const serviceOrigins = (): readonly string[] => started?.serviceOrigins() ?? [];
  if (!setupSingleInstance(() => win)) return null;

  // electron-vite's dev server in development; our custom protocol otherwise.
  const devUrl = !app.isPackaged ? (process.env['ELECTRON_RENDERER_URL'] ?? null) : null;
  const devOrigin = devUrl ? new URL(devUrl).origin : null;
  const isOwnUrl = (raw: string): boolean => {
    try {
      const url = new URL(raw);
      if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST) return true;
      return devOrigin !== null && url.origin === devOrigin;
    } catch {
      return false;
    }
  };

  registerAppScheme();
  setupWebGuards({
    isOwnUrl,
    openExternal: (url) => openExternalSafely(url, serviceOrigins()),
    serviceOrigins,
    log,
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  return app
    .whenReady()
    .then(async () => {
      setupAppProtocol(paths.renderer, () => started?.tiles ?? null);
      denyAllPermissions();
      if (devOrigin) applyDevCsp(devOrigin);

      const pushes = createPushChannel();
      let updater: Updater | null = null;
      // Settings.autoUpdate takes effect the moment it changes.
      const push: PushSink = (event, payload) => {
        pushes.push(event, payload);
        if (event === 'settings.changed' && 'autoUpdate' in payload) updater?.setEnabled(payload.autoUpdate);
      };
      const userData = app.getPath('userData');
      const core = createAppCore({
        dataDir: userData,
        secretStore: await createSafeStorageSecretStore(userData),
        shell: createElectronShellServices(() => win, serviceOrigins),
        push,
        startDemo: localDemoService(),
        shellKind: 'electron',
        version: app.getVersion(),
        log,
      });
      started = core;
      const ipc = setupIpc(createIpcRouter(core.handlers, log), pushes, isOwnUrl);
      setupMenu({ logsDir: logsFolder(), productName: app.getName(), isPackaged: app.isPackaged });

      const stateFile = join(userData, 'window-state.json');
      const openWindow = (): BrowserWindow => {
        const created = createMainWindow({
          preloadPath: paths.preload,
          url: devUrl ?? APP_URL,
          state: restoreWindowState(stateFile),
        });
        trackWindowState(created, stateFile);
        ipc.attach(created.webContents);
        created.on('closed', () => {
          if (win === created) win = null;
        });
        return created;
      };
      win = openWindow();
      app.on('activate', () => {
        win ??= openWindow();
      });

      stopCoreOnQuit(core, log, () => updater?.stop());
      // The window is up: a session that cannot be restored (the demo service failed to start, say)
      // is shown there and in the log, and the user can still sign in another way.
      await core.start().catch((err: unknown) => {
        if (!quitting) log.error('The last session could not be restored', err);
      });

      const settings = await core.handlers['settings.get'](undefined);
      const source = await electronUpdaterSource(log);
      if (source) updater = setupUpdater({ source, enabled: settings.autoUpdate, offerRestart, log });

      return { core, window: () => win };
    })
    .catch((err: unknown) => reportStartFailure(err, log));
}

/** The core closes SQLite and its sockets before the process goes. */
function stopCoreOnQuit(core: AppCore, log: ShellLog, stopUpdater: () => void): void {
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    stopUpdater();
    core
      .stop()
      .catch((err: unknown) => log.error('The core did not stop cleanly', err))
      .finally(() => app.quit());
  });
}

/** In dev the page comes from Vite's server, not our protocol: the same policy, with Vite's origin added. */
function applyDevCsp(devOrigin: string): void {
  session.defaultSession.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) =>
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [contentSecurityPolicy(devOrigin)],
      },
    }),
  );
}

/** A start that fails (the cache cannot be opened, say) is explained, then the app quits. */
function reportStartFailure(err: unknown, log: ShellLog): never {
  if (quitting) {
    log.info(`Start interrupted by quitting: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
  log.error('Fleetdesk could not start', err);
  dialog.showErrorBox(
    'Fleetdesk could not start',
    `${err instanceof Error ? err.message : String(err)}\n\nThe details are in the log: ${logsFolder()}`,
  );
  app.exit(1);
  throw err;
}
