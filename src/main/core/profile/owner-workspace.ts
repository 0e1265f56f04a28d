import { join } from 'node:path';
import type { Notice, SessionView } from '../../../shared/ipc/views';
import { openOfflineCache, type OfflineCache } from '../cache/offline-cache';
import { ownerCachePath } from '../cache/profile-cache-files';
import type { SettingsStore } from '../cache/settings-store';
import { createFleetModel, type FleetModel } from '../fleet/fleet-model';
import { createHistoryService, type HistoryService } from '../history/history-service';
import { createAlarmCenter, type AlarmCenter } from '../alarms/alarm-center';
import type { PushSink, ShellServices } from '../ipc-handlers';
import { createLinkService, type LinkService } from '../links/link-service';
import { createLiveFeed, type LiveFeed } from '../live/live-feed';
import { createReportClient, type ReportClient } from '../reports/report-client';
import { ReportFiles } from '../reports/report-files';
import type { Connection } from '../session/connection';

export interface OwnerWorkspaceDeps {
  readonly dataDir: string;
  /** The app's settings (cache size cap), kept in the app's own file. */
  readonly settings: SettingsStore;
  readonly connection: () => Connection | null;
  readonly session: () => SessionView;
  /** Whether the reports channel is subscribed (realtime), so polling may rest. */
  readonly reportsLive: () => boolean;
  readonly push: PushSink;
  readonly shell: Pick<ShellServices, 'notify' | 'setBadgeCount'>;
  notify(notice: Notice): void;
  readonly fetch?: typeof fetch;
  readonly now: () => number;
  readonly log: { warn(message: string): void };
  readonly timing?: {
    readonly liveIntervalMs?: number;
    readonly reportPollMs?: number;
    readonly fleetRefreshMs?: number;
    readonly reportProgressPollMs?: number;
    readonly alarmSummaryDelayMs?: number;
    readonly alarmResyncMs?: number;
    readonly alarmSilenceCheckMs?: number;
  };
}

/**
 * Everything the app keeps for one data owner (session/data-owner.ts: a
 * service, an account, a user): its cache file and the modules that own
 * state in it (live positions, the fleet, local reports, history, tracking
 * links, the alarm inbox with its geofences and rules). Another account signing in closes this one and opens its own, so
 * nobody sees another's reports or links, and coming back shows them again.
 */
export interface OwnerWorkspace {
  /** null: before anyone signed in (an empty cache in memory). */
  readonly owner: string | null;
  readonly cache: OfflineCache;
  readonly live: LiveFeed;
  readonly fleet: FleetModel;
  readonly reports: ReportClient;
  readonly history: HistoryService;
  readonly links: LinkService;
  readonly alarms: AlarmCenter;
  start(): void;
  /** Stops its timers and closes its cache; answers still in flight change nothing. */
  stop(): void;
}

export function openOwnerWorkspace(owner: string | null, d: OwnerWorkspaceDeps): OwnerWorkspace {
  const { push, now, timing } = d;
  let stopped = false;
  // Once closed, work still under way fails (its cache is closed): that is no news.
  const log = { warn: (m: string): void => void (stopped || d.log.warn(m)) };
  const capBytes = (): number => d.settings.get().cacheSizeMb * 1024 * 1024;
  const cache = openOfflineCache(owner === null ? ':memory:' : ownerCachePath(d.dataDir, owner), {
    now,
    capBytes,
    fallbackToMemory: true,
  });
  if (cache.recovered)
    d.notify({
      id: `cache:recovered:${cache.recovered.movedTo}`,
      kind: 'error',
      message: `The offline cache was damaged (${cache.recovered.reason}) and has been started afresh; the old file is kept at ${cache.recovered.movedTo}.`,
      at: now(),
    });
  if (cache.unavailable)
    d.notify({
      id: `cache:unavailable:${cache.path}`,
      kind: 'error',
      message: `${cache.unavailable} Fleetdesk works from memory until it quits; nothing new is kept.`,
      at: now(),
    });

  const conn = d.connection;
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
    onListed: (l) => push('fleet.listed', l),
    refreshIntervalMs: timing?.fleetRefreshMs,
    log,
  });
  const reports = createReportClient({
    store: cache.reports,
    files: new ReportFiles(join(d.dataDir, 'reports'), d.fetch),
    // After a 401 nothing is sent until the user signs in again (the requests wait).
    api: () => (d.session().needsSignIn ? null : (conn()?.reports ?? null)),
    assetName: (id) => fleet.assetName(id),
    eventsLive: d.reportsLive,
    onChanged: (r) => push('reports.changed', r),
    onRemoved: (localId) => push('reports.removed', { localId }),
    log,
    now,
    pollIntervalMs: timing?.reportPollMs,
    progressPollMs: timing?.reportProgressPollMs,
  });
  const history = createHistoryService({
    cache,
    fleet: () => conn()?.fleet ?? null,
    now,
    maxBytes: capBytes,
  });
  const links = createLinkService({
    store: cache.links,
    api: () => conn()?.fleet ?? null,
    onChanged: (all) => push('links.changed', all),
  });
  const alarms = createAlarmCenter({
    // The inbox's rows are this owner's; the Settings (sounds, local limits) are the app's.
    cache: { alarms: cache.alarms, alarmItems: cache.alarmItems, settings: d.settings },
    // After a 401 nothing is sent until the user signs in again.
    connection: () => (d.session().needsSignIn ? null : conn()),
    live,
    shell: d.shell,
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

  return {
    owner,
    cache,
    live,
    fleet,
    reports,
    history,
    links,
    alarms,
    start() {
      reports.start();
      fleet.start();
    },
    stop() {
      stopped = true;
      alarms.stop();
      live.stop();
      reports.stop();
      fleet.stop();
      cache.close();
    },
  };
}
