import { join } from 'node:path';
import type { AppInfo, Notice } from '../../shared/ipc/views';
import { createAlarmCenter } from './alarms/alarm-center';
import { appHandlers } from './app/app-handlers';
import { serviceOriginsOf } from './app/external-url-policy';
import { openOfflineCache } from './cache/offline-cache';
import { settingsHandlers } from './cache/settings-handlers';
import { fleetHandlers } from './fleet/fleet-handlers';
import { createFleetModel } from './fleet/fleet-model';
import { historyHandlers } from './history/history-handlers';
import { createHistoryService } from './history/history-service';
import type { IpcHandlers, PushSink, ShellServices } from './ipc-handlers';
import { linkHandlers } from './links/link-handlers';
import { createLinkService } from './links/link-service';
import { createLiveFeed } from './live/live-feed';
import { noticeHandlers } from './notices/notice-handlers';
import { createNoticeBoard } from './notices/notice-board';
import { connectionHandlers } from './realtime/connection-handlers';
import { createConnectionTracker } from './realtime/connection-status';
import { createSessionRealtime } from './realtime/session-realtime';
import { createReportClient } from './reports/report-client';
import { ReportFiles } from './reports/report-files';
import { reportHandlers } from './reports/report-handlers';
import type { StartDemoService } from './session/demo-service';
import type { SecretStore } from './session/secret-store';
import { createSession } from './session/session';
import { sessionHandlers } from './session/session-handlers';

export interface CoreLog {
  warn(message: string): void;
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
    readonly alarmSummaryDelayMs?: number;
    readonly alarmResyncMs?: number;
    readonly alarmSilenceCheckMs?: number;
  };
}

export interface AppCore {
  readonly handlers: IpcHandlers;
  /** The signed-in service's origins: its plain-http pages may be opened (app/external-url-policy.ts). */
  serviceOrigins(): readonly string[];
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
  const shellLog = options.log ?? { warn: (m: string) => console.warn(`[core] ${m}`) };
  /** Set by stop(): the app is quitting, possibly while start() is still under way. */
  let stopped = false;
  // After stop, work still under way fails (requests cancelled, cache closed): that is no news.
  const log: CoreLog = { warn: (m) => void (stopped || shellLog.warn(m)) };
  const push: PushSink = (event, payload) => {
    if (!stopped) options.push(event, payload);
  };
  const { shell, timing } = options;
  const cache = openOfflineCache(join(options.dataDir, 'cache.sqlite'), { now });
  const notices = createNoticeBoard(cache.settings);
  notices.subscribe((n) => push('notice', n));
  const notify = (n: Notice): void => void notices.add(n);
  if (cache.recovered)
    notify({
      id: 'cache:recovered',
      kind: 'error',
      message: `The offline cache was damaged (${cache.recovered.reason}) and has been started afresh; the old file is kept at ${cache.recovered.movedTo}.`,
      at: now(),
    });

  const connection = createConnectionTracker((status, wentOnline) => {
    push('connection.changed', status);
    if (wentOnline) reports.wake();
  }, now);
  const session = createSession({
    secrets: options.secretStore,
    state: cache.settings,
    startDemo: options.startDemo,
    fetch: options.fetch,
    now,
    onNotice: notify,
    onReachability: (online) => connection.reachability(online),
  });
  const conn = session.connection;

  const live = createLiveFeed({
    append: (positions) => cache.history.appendLive(positions),
    push: (positions) => push('live.positions', { positions }),
    intervalMs: timing?.liveIntervalMs,
    now,
    log,
  });
  const fleet = createFleetModel({
    assets: cache.assets,
    api: () => conn()?.fleet ?? null,
    live,
    onChanged: (s) => push('fleet.changed', s),
    refreshIntervalMs: timing?.fleetRefreshMs,
    log,
  });
  const reports = createReportClient({
    store: cache.reports,
    files: new ReportFiles(join(options.dataDir, 'reports'), options.fetch),
    // After a 401 nothing is sent until the user signs in again (the requests wait).
    api: () => (session.view().needsSignIn ? null : (conn()?.reports ?? null)),
    assetName: (id) => fleet.assetName(id),
    eventsLive: () => realtime.reportsLive(),
    onChanged: (r) => push('reports.changed', r),
    onRemoved: (localId) => push('reports.removed', { localId }),
    log,
    now,
    pollIntervalMs: timing?.reportPollMs,
  });
  const history = createHistoryService({ cache, fleet: () => conn()?.fleet ?? null, now });
  const links = createLinkService({
    store: cache.links,
    api: () => conn()?.fleet ?? null,
    onChanged: (all) => push('links.changed', all),
  });
  const alarms = createAlarmCenter({
    cache,
    // After a 401 nothing is sent until the user signs in again.
    connection: () => (session.view().needsSignIn ? null : conn()),
    live,
    shell,
    push,
    assetName: (id) => fleet.assetName(id),
    now,
    log,
    timing: {
      summaryDelayMs: timing?.alarmSummaryDelayMs,
      resyncIntervalMs: timing?.alarmResyncMs,
      silenceCheckMs: timing?.alarmSilenceCheckMs,
    },
  });
  const realtime = createSessionRealtime({
    session,
    connection,
    onLivePositions: (positions) => live.add(positions),
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

  session.subscribe((view) => {
    push('session.changed', view);
    alarms.sessionChanged();
    realtime.sync();
    if (view.signedIn && !view.needsSignIn) {
      reports.wake();
      fleet.refresh().catch((err: unknown) => log.warn(`Asset refresh failed: ${String(err)}`));
    }
  });

  const serviceOrigins = (): readonly string[] => {
    const c = conn();
    return c ? serviceOriginsOf(c.endpoints) : [];
  };
  const info: AppInfo = {
    version: options.version ?? '0.0.0',
    platform: process.platform,
    shell: options.shellKind ?? 'electron',
  };
  const handlers: IpcHandlers = {
    ...appHandlers({ info, shell, serviceOrigins }),
    ...sessionHandlers(session),
    ...connectionHandlers(connection),
    ...fleetHandlers(fleet),
    ...historyHandlers(history),
    ...reportHandlers(reports, shell),
    ...linkHandlers(links),
    ...settingsHandlers(cache, (next) => push('settings.changed', next)),
    ...noticeHandlers(notices),
    ...alarms.handlers,
  };

  let started = false;
  return {
    handlers,
    serviceOrigins,
    async start() {
      if (started || stopped) return;
      started = true;
      reports.start();
      fleet.start();
      try {
        await session.restore();
      } catch (err) {
        // A quit during the restore cancels it (the demo service stopped, requests aborted).
        if (!stopped) throw err;
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      realtime.stop();
      alarms.stop();
      live.stop();
      reports.stop();
      fleet.stop();
      await session.dispose();
      cache.close();
    },
  };
}
