import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ZodError } from 'zod';
import { issuesToFieldErrors } from '../../shared/interface';
import type { IpcError } from '../../shared/ipc/contract';
import type { AppInfo, ConnectionStatus, LocalReport, Notice } from '../../shared/ipc/views';
import { ApiError, ipcErrorOf } from './api/api-error';
import { openOfflineCache, type OfflineCache } from './cache/offline-cache';
import { createFleetModel } from './fleet/fleet-model';
import { createHistoryService } from './history/history-service';
import type { IpcHandlers, PushSink, ShellServices } from './ipc-handlers';
import { createLinkService } from './links/link-service';
import { createNoticeBoard } from './notices/notice-board';
import { createConnectionTracker } from './realtime/connection-status';
import { startRealtime, type Realtime } from './realtime/realtime';
import { createReportClient } from './reports/report-client';
import { ReportFiles } from './reports/report-files';
import type { StartDemoService } from './session/demo-service';
import type { SecretStore } from './session/secret-store';
import { createSession, SignInError, type Connection } from './session/session';

type DownloadedReport = LocalReport & {
  readonly file: NonNullable<LocalReport['file']> & { readonly path: string };
};

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
  };
}

export interface AppCore {
  readonly handlers: IpcHandlers;
  /** Restores the last session (Demo on first run), resumes unfinished reports, connects. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The composition (architecture.md §1): session, cache, fleet, realtime,
 * reports and links wired together, and one plain function per IPC method.
 * Electron-free: both shells and the tests drive exactly this.
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
  const { shell } = options;
  const cache: OfflineCache = openOfflineCache(join(options.dataDir, 'cache.sqlite'), { now });
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

  let realtime: Realtime | null = null;
  let realtimeToken: string | null = null;

  const connection = createConnectionTracker((status: ConnectionStatus, wentOnline: boolean) => {
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
  const conn = (): Connection | null => session.connection();

  const fleet = createFleetModel({
    assets: cache.assets,
    api: () => conn()?.fleet ?? null,
    onChanged: (s) => push('fleet.changed', s),
    // Reconciled locations share the live batches' budget (≤ 10 pushes a second).
    onPositions: (positions) =>
      realtime ? realtime.addPositions(positions) : push('live.positions', { positions }),
    refreshIntervalMs: options.timing?.fleetRefreshMs,
    log,
  });

  const reports = createReportClient({
    store: cache.reports,
    files: new ReportFiles(join(options.dataDir, 'reports'), options.fetch),
    // After a 401 nothing is sent until the user signs in again (the requests wait, issue 4 §1).
    api: () => (session.view().needsSignIn ? null : (conn()?.reports ?? null)),
    assetName: (id) => fleet.assetName(id),
    eventsLive: () => realtime?.status('reports').state === 'connected',
    onChanged: (r) => push('reports.changed', r),
    onRemoved: (localId) => push('reports.removed', { localId }),
    log,
    now,
    pollIntervalMs: options.timing?.reportPollMs,
  });

  const history = createHistoryService({ cache, fleet: () => conn()?.fleet ?? null, now });

  const links = createLinkService({
    store: cache.links,
    api: () => conn()?.fleet ?? null,
    onChanged: (all) => push('links.changed', all),
  });

  /** One realtime pair per signed-in connection; a new token or sign-out replaces it. */
  const syncRealtime = (): void => {
    const c = conn();
    const token = c && !session.view().needsSignIn ? c.token : null;
    if (token === realtimeToken) return;
    realtime?.stop();
    realtime = null;
    realtimeToken = token;
    if (!c || token === null) {
      connection.reset();
      return;
    }
    realtime = startRealtime({
      endpoints: c.endpoints,
      token,
      now,
      log,
      liveIntervalMs: options.timing?.liveIntervalMs,
      onLiveBatch(positions) {
        fleet.applyLive(positions);
        push('live.positions', { positions });
        try {
          cache.history.appendLive(positions);
        } catch (err) {
          log.warn(`Live batch not cached: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
      onReportEvent: (e) => reports.onEvent(e),
      onStatus: (channel, status) => connection.channel(channel, status),
      // The session turns to "needs sign-in", which stops this pair (syncRealtime above).
      onUnauthorized: () => c.refused(),
      // Architecture.md §3: events sent while we were away are gone; the state is fetched again.
      onSubscribed(channel) {
        const task = channel === 'reports' ? reports.reconcile() : fleet.refreshLocations();
        task.catch((err: unknown) => log.warn(`Reconciliation of ${channel} failed: ${String(err)}`));
      },
    });
  };

  session.subscribe((view) => {
    push('session.changed', view);
    syncRealtime();
    if (view.signedIn && !view.needsSignIn) {
      reports.wake();
      fleet.refresh().catch((err: unknown) => log.warn(`Asset refresh failed: ${String(err)}`));
    }
  });

  const requireFile = async (localId: string): Promise<DownloadedReport> => {
    const r = await reports.ensureFile(localId);
    const path = r.file?.path ?? null;
    if (!r.file || path === null)
      throw new ApiError({
        kind: 'conflict',
        route: 'reports',
        message: 'The report file is not available.',
      });
    return { ...r, file: { ...r.file, path } };
  };

  const handlers: IpcHandlers = {
    'app.info': async () => ({
      version: options.version ?? '0.0.0',
      platform: process.platform,
      shell: options.shellKind ?? 'electron',
    }),
    'app.ready': async () => null,
    'app.copyText': async ({ text }) => {
      await shell.copyText(text);
      return null;
    },
    'app.openExternal': async ({ url }) => {
      await shell.openExternal(checkExternalUrl(url, conn()));
      return null;
    },

    'session.get': async () => session.view(),
    'session.signInDemo': () => session.signInDemo(),
    'session.signInRemote': (args) => session.signInRemote(args),
    'session.signOut': () => session.signOut(),

    'connection.get': async () => connection.get(),

    'fleet.snapshot': async () => fleet.snapshot(),
    'fleet.refresh': () => fleet.refresh(),
    'fleet.location': ({ assetId }) => fleet.location(assetId),

    'history.get': ({ assetId, start, end }) => history.get(assetId, start, end),

    'reports.submit': ({ request }) => reports.submit(request),
    'reports.list': async () => reports.list(),
    'reports.retry': ({ localId }) => reports.retry(localId),
    'reports.remove': async ({ localId }) => {
      await reports.remove(localId);
      return null;
    },
    'reports.data': ({ localId }) => reports.data(localId),
    'reports.save': async ({ localId }) => {
      const r = await requireFile(localId);
      const target = await shell.chooseSavePath(r.file.filename, r.file.contentType);
      if (target === null) return { saved: false, path: null };
      await mkdir(dirname(target), { recursive: true });
      await copyFile(r.file.path, target);
      reports.markSaved(localId, target);
      return { saved: true, path: target };
    },
    'reports.open': async ({ localId }) => {
      await shell.openPath((await requireFile(localId)).file.path);
      return null;
    },
    'reports.showInFolder': async ({ localId }) => {
      await shell.showInFolder((await requireFile(localId)).file.path);
      return null;
    },

    'links.create': ({ request }) => links.create(request),
    'links.list': async () => links.list(),

    'settings.get': async () => cache.settings.get(),
    'settings.set': async (patch) => {
      const next = cache.settings.set(patch);
      push('settings.changed', next);
      if (patch.cacheSizeMb !== undefined) cache.enforceSizeCap();
      return next;
    },

    'notices.list': async () => notices.list(),
    'notices.dismiss': async ({ id }) => {
      notices.dismiss(id);
      return null;
    },
  };

  let started = false;
  return {
    handlers,
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
      realtime?.stop();
      realtime = null;
      realtimeToken = null;
      reports.stop();
      fleet.stop();
      await session.dispose();
      cache.close();
    },
  };
}

/** https anywhere; plain http only to the signed-in service's own pages (the local tracking page). */
function checkExternalUrl(raw: string, c: Connection | null): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl(raw);
  }
  if (url.protocol === 'https:') return url.toString();
  const own = c ? [c.endpoints.tracking_url, c.endpoints.api_url, c.endpoints.base_url] : [];
  if (url.protocol === 'http:' && own.some((o) => new URL(o).origin === url.origin)) return url.toString();
  throw invalidUrl(raw);
}

const invalidUrl = (raw: string): ApiError =>
  new ApiError({
    kind: 'validation',
    route: 'app.openExternal',
    message: 'Only https addresses (or the service’s own pages) are opened.',
    errors: { url: [`${raw.slice(0, 100)} is not an https address`] },
  });

/** What a shell sends back when a handler throws (contract.ts IpcError). */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof ApiError) return ipcErrorOf(err);
  if (err instanceof SignInError)
    return err.errors
      ? { code: 'invalid_request', message: err.message, details: err.errors }
      : { code: 'unauthorized', message: err.message };
  if (err instanceof ZodError)
    return {
      code: 'bad_args',
      message: 'The request is not valid.',
      details: issuesToFieldErrors(err.issues),
    };
  return { code: 'internal', message: err instanceof Error ? err.message : 'Something went wrong.' };
}
