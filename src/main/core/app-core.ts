import { join } from 'node:path';
import type { AppInfo, Notice } from '../../shared/ipc/views';
import { alarmHandlers } from './alarms/alarm-handlers';
import { createFleetRecords } from './records/fleet-records';
import { appHandlers } from './app/app-handlers';
import { serviceOriginsOf } from './app/external-url-policy';
import { createRendererErrors } from './app/renderer-errors';
import { openOfflineCache } from './cache/offline-cache';
import { APP_CACHE_FILE, splitLegacyCache } from './cache/profile-cache-files';
import { settingsHandlers } from './cache/settings-handlers';
import { fleetHandlers } from './fleet/fleet-handlers';
import { historyHandlers } from './history/history-handlers';
import type { IpcHandlers, PushSink, ShellServices } from './ipc-handlers';
import { linkHandlers } from './links/link-handlers';
import { noticeHandlers } from './notices/notice-handlers';
import { followCurrent } from './profile/follow-current';
import { openOwnerWorkspace, type OwnerWorkspace } from './profile/owner-workspace';
import { createNoticeBoard } from './notices/notice-board';
import { connectionHandlers } from './realtime/connection-handlers';
import { createConnectionTracker } from './realtime/connection-status';
import { createSessionRealtime } from './realtime/session-realtime';
import { reportHandlers } from './reports/report-handlers';
import type { StartDemoService } from './session/demo-service';
import type { SecretStore } from './session/secret-store';
import { savedDataOwner } from './session/saved-session';
import { createSession } from './session/session';
import { sessionHandlers } from './session/session-handlers';
import { createMapTiles } from './tiles/map-tiles';
import type { TileService } from './tiles/tile-service';

export interface CoreLog {
  warn(message: string): void;
  /** What broke (the renderer's errors); a log without it gets them as warnings. */
  error?(message: string): void;
}

export interface AppCoreOptions {
  /** Where the cache, downloaded reports and remembered state live (Electron: userData). */
  readonly dataDir: string;
  readonly secretStore: SecretStore;
  readonly shell: ShellServices;
  readonly push: PushSink;
  readonly shellKind?: AppInfo['shell'];
  readonly version?: string;
  /** The Demo profile's service, provided by the shell (src/main/demo): core never imports src/server. */
  readonly startDemo: StartDemoService;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  readonly log?: CoreLog;
  /** Tests shorten these; defaults are the spec's and architecture.md's. */
  readonly timing?: {
    readonly liveIntervalMs?: number;
    readonly reportPollMs?: number;
    readonly fleetRefreshMs?: number;
    readonly reportProgressPollMs?: number;
    readonly commandPollMs?: number;
    readonly alarmSummaryDelayMs?: number;
    readonly alarmResyncMs?: number;
    readonly alarmSilenceCheckMs?: number;
  };
}

export interface AppCore {
  readonly handlers: IpcHandlers;
  /** The signed-in service's origins: its plain-http pages may be opened (app/external-url-policy.ts). */
  serviceOrigins(): readonly string[];
  /** What the shells' tile route serves (tiles/tile-route.ts). */
  readonly tiles: TileService;
  /** Restores the last session (Demo on first run), resumes unfinished reports, connects. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The composition root (architecture.md §1): each domain's owner of state and
 * its IPC handlers, wired together and to the shell. Electron-free: both
 * shells and the tests drive exactly this.
 */
export function createAppCore(options: AppCoreOptions): AppCore {
  const now = options.now ?? Date.now;
  const shellLog: CoreLog = options.log ?? {
    warn: (m) => console.warn(`[core] ${m}`),
    error: (m) => console.error(`[core] ${m}`),
  };
  /** Set by stop(): the app is quitting, possibly while start() is still under way. */
  let stopped = false;
  // After stop, work still under way fails (requests cancelled, cache closed): that is no news.
  const log = {
    warn: (m: string): void => void (stopped || shellLog.warn(m)),
    error: (m: string): void => {
      if (stopped) return;
      if (shellLog.error) shellLog.error(m);
      else shellLog.warn(m);
    },
  };
  const push: PushSink = (event, payload) => {
    if (!stopped) options.push(event, payload);
  };
  const { shell, timing } = options;
  // The app's own file (settings, notices, the last profile); each account's data has its own (profile/owner-workspace.ts).
  splitLegacyCache(options.dataDir, savedDataOwner, now);
  const appCache = openOfflineCache(join(options.dataDir, APP_CACHE_FILE), { now });
  const notices = createNoticeBoard(appCache.settings);
  notices.subscribe((n) => push('notice', n));
  notices.onWithdrawn((id) => push('notice.withdrawn', { id }));
  const notify = (n: Notice): void => void notices.add(n);
  if (appCache.recovered)
    notify({
      id: 'cache:recovered',
      kind: 'error',
      message: `The offline cache was damaged (${appCache.recovered.reason}) and has been started afresh; the old file is kept at ${appCache.recovered.movedTo}.`,
      at: now(),
    });

  const mapTiles = createMapTiles({
    dataDir: options.dataDir,
    settings: appCache.settings,
    version: options.version ?? '0.0.0',
    fetch: options.fetch,
    now,
    notify,
    push,
    shell,
  });

  const connection = createConnectionTracker((status, wentOnline) => {
    push('connection.changed', status);
    if (wentOnline) reports.wake();
  }, now);
  const session = createSession({
    secrets: options.secretStore,
    state: appCache.settings,
    startDemo: options.startDemo,
    openBrowser: (url) => shell.openExternal(url),
    fetch: options.fetch,
    now,
    onNotice: notify,
    onNoticeWithdrawn: (id) => notices.withdraw(id),
    onReachability: (online) => connection.reachability(online),
    log,
  });
  const conn = session.connection;

  const openWorkspace = (owner: string | null): OwnerWorkspace =>
    openOwnerWorkspace(owner, {
      dataDir: options.dataDir,
      settings: appCache.settings,
      connection: conn,
      session: () => session.view(),
      reportsLive: () => realtime.reportsLive(),
      push,
      shell,
      notify,
      fetch: options.fetch,
      now,
      log,
      timing,
    });
  let started = false;
  /** The signed-in account's data and the modules that own it; replaced when another account signs in. */
  let workspace = openWorkspace(null);
  const first = workspace;
  const fleet = followCurrent(first.fleet, () => workspace.fleet);
  const reports = followCurrent(first.reports, () => workspace.reports);
  const history = followCurrent(first.history, () => workspace.history);
  const links = followCurrent(first.links, () => workspace.links);
  const alarms = followCurrent(first.alarms, () => workspace.alarms);
  const alarmInbox = followCurrent(first.alarms.inbox, () => workspace.alarms.inbox);
  const alarmBook = followCurrent(first.alarms.book, () => workspace.alarms.book);

  const records = createFleetRecords({
    connection: conn,
    needsSignIn: () => session.view().needsSignIn,
    cache: () => workspace.cache,
    shell,
    push,
    now,
    log,
    commandPollMs: timing?.commandPollMs,
  });
  const realtime = createSessionRealtime({
    session,
    connection,
    onLivePositions: (positions) => fleet.addLive(positions),
    onReportEvent: (e) => reports.onEvent(e),
    onAlarmEvent: (e) => alarms.onEvent(e),
    // Alarms ride the account channel: its every (re)connect is followed by a catch-up (spec 6.2, at most once).
    reconcile: (channel) =>
      channel === 'reports'
        ? reports.reconcile()
        : Promise.all([fleet.refreshLocations(), alarms.sync()]).then(() => undefined),
    now,
    log,
  });

  /** Another account's data: its own cache and modules, none of the previous one's reports or links. */
  const switchWorkspace = (owner: string): void => {
    const previous = workspace;
    workspace = openWorkspace(owner);
    previous.stop();
    if (started) workspace.start();
    push('fleet.changed', workspace.fleet.snapshot());
    push('links.changed', workspace.links.list());
  };

  session.subscribe((view) => {
    const owner = session.dataOwner();
    if (owner !== null && owner !== workspace.owner && !stopped) switchWorkspace(owner);
    push('session.changed', view);
    records.sessionChanged();
    alarms.sessionChanged();
    realtime.sync();
    if (view.signedIn && !view.needsSignIn) {
      reports.wake();
      const w = workspace;
      // A refresh under way when another account signs in ends on a closed cache: no news.
      w.fleet.refresh().catch((err: unknown) => {
        if (w === workspace) log.warn(`Asset refresh failed: ${String(err)}`);
      });
    }
  });

  const serviceOrigins = (): readonly string[] => {
    const c = conn();
    // The page of a sign-in under way may be plain http on this computer (a local service).
    const signingIn = session.view().pendingSignIn;
    return [
      ...(c ? serviceOriginsOf(c.endpoints) : []),
      ...(signingIn ? [new URL(signingIn.address).origin] : []),
    ];
  };
  const info: AppInfo = {
    version: options.version ?? '0.0.0',
    platform: process.platform,
    shell: options.shellKind ?? 'electron',
  };
  const rendererErrors = createRendererErrors({
    log,
    now,
    notify,
    logsHint: info.shell === 'browser' ? 'the browser shell’s log' : 'the log (Help → Open logs folder)',
  });
  const handlers: IpcHandlers = {
    ...appHandlers({ info, shell, serviceOrigins, rendererErrors }),
    ...sessionHandlers(session),
    ...connectionHandlers(connection),
    ...fleetHandlers(fleet),
    ...historyHandlers(history),
    ...reportHandlers(reports, shell),
    ...linkHandlers(links),
    ...settingsHandlers(
      {
        settings: appCache.settings,
        enforceSizeCap: () => {
          mapTiles.enforceSizeCap();
          return workspace.cache.enforceSizeCap();
        },
      },
      (next) => push('settings.changed', next),
    ),
    ...noticeHandlers(notices),
    ...records.handlers,
    ...alarmHandlers(alarmInbox, alarmBook),
    ...mapTiles.handlers,
  };

  return {
    handlers,
    serviceOrigins,
    tiles: mapTiles.service,
    async start() {
      if (started || stopped) return;
      started = true;
      workspace.start();
      try {
        await session.restore();
      } catch (err) {
        // A quit during the restore cancels it (the demo service stopped, requests aborted).
        if (!stopped) throw err;
      }
    },
    async stop() {
      if (stopped) return;
      rendererErrors.flush();
      stopped = true;
      realtime.stop();
      records.stop();
      workspace.stop();
      await session.dispose();
      mapTiles.close();
      appCache.close();
    },
  };
}
