import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createAccount, newToken, type IssuedUser, type ServiceUser } from './accounts/account';
import { newPassword } from './accounts/password-hash';
import type { ServiceContext, ServiceLog, ServiceModule, ServiceUrls } from './context';
import { createHttpApp } from './http/app';
import { hostAllowlist } from './http/host-check';
import { DRAIN_MS, trackRequests } from './http/request-drain';
import { localServiceOptionsSchema, type LocalServiceOptions } from './options';
import { createFleet } from './sim/fleet';
import { openServiceDatabase } from './store/database';
import { createRealtimeModule } from './realtime/realtime-module';
import { createFleetModule } from './fleet/fleet-module';
import { createFleetStores } from './fleet/fleet-stores';
import { enteredRefillsOf } from './fleet/records/entered-refills';
import { createAlarmsModule } from './alarms/alarms-module';
import { createDocsModule } from './docs/docs-module';
import { createReportsModule } from './reports/reports-module';
import { createTrackingPageModule } from './tracking/tracking-page-module';
import { createTrackingLinkStore } from './tracking/tracking-link-store';
import { createOAuthModule } from './oauth/oauth-module';
import { serviceClock } from './service-clock';

export const ACCOUNT_KEY = 'fleetdesk-demo';
export const APP_KEY = 'fleetdesk-local';

export interface ReadyUser {
  readonly id: number;
  readonly name: string;
  readonly token: string;
  /** What the user signs in with on the OAuth sign-in page (docs/interface-decisions.md, "Sign-in (OAuth 2.0)"). */
  readonly username: string;
  readonly password: string;
  readonly asset_ids: readonly number[] | null;
}

/** docs/architecture.md "The local fleet service": the ready line, and the same thing in code. */
export interface ReadyInfo extends ServiceUrls {
  readonly event: 'ready';
  readonly app_key: string;
  readonly account_key: string;
  readonly users: readonly ReadyUser[];
}

export interface LocalService extends ReadyInfo {
  readonly port: number;
  readonly dataDir: string;
  readonly context: ServiceContext;
  readyLine(): ReadyInfo;
  stop(): Promise<void>;
}

export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const opts = localServiceOptionsSchema.parse(options);
  const ephemeral = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'fleetdesk-service-'));
  mkdirSync(dataDir, { recursive: true });

  const fleet = createFleet({ seed: opts.seed, size: opts.fleetSize });
  const restrictedAssets = fleet.assets.slice(0, Math.min(3, fleet.assets.length)).map((a) => a.id);
  const issued: IssuedUser[] = [
    {
      id: 1,
      name: 'Dana Reyes (operator)',
      username: 'dana',
      email: 'dana@fleetdesk.test',
      assetIds: null,
      token: opts.tokens?.operator ?? newToken(),
      password: opts.passwords?.operator ?? newPassword(),
    },
    {
      id: 2,
      name: 'Sam Okafor (dispatcher)',
      username: 'sam',
      email: 'sam@fleetdesk.test',
      assetIds: restrictedAssets,
      token: opts.tokens?.restricted ?? newToken(),
      password: opts.passwords?.restricted ?? newPassword(),
    },
  ];
  const account = createAccount(ACCOUNT_KEY, 'Fleetdesk Demo Logistics', issued);
  const db = openServiceDatabase(dataDir);
  const log = createLog(opts.quiet);

  const now = opts.now ?? Date.now;
  const app = createHttpApp({ now, log, allowedHost: hostAllowlist(opts.host) });
  const requests = trackRequests(app);
  const urls: { -readonly [K in keyof ServiceUrls]: ServiceUrls[K] } = {
    base_url: '',
    ws_url: '',
    api_url: '',
    api_ws_url: '',
    tracking_url: '',
  };
  let publish: ServiceContext['publish'] = () => undefined;
  let publishForAssets: ServiceContext['publishForAssets'] = () => undefined;
  let userForAccessToken = async (_token: string): Promise<ServiceUser | null> => null;
  const context: ServiceContext = {
    urls,
    appKey: APP_KEY,
    appSecret: randomBytes(32).toString('hex'),
    account,
    authenticate: async (token) => account.authenticate(token) ?? (await userForAccessToken(token)),
    fleet,
    db,
    dataDir,
    trackingLinks: createTrackingLinkStore(db),
    now: opts.now ?? (opts.startAt === undefined ? Date.now : serviceClock(opts.startAt).now),
    publish: (channel, event, data) => publish(channel, event, data),
    publishForAssets: (channel, event, items, asArray) => publishForAssets(channel, event, items, asArray),
    log,
  };

  const oauth = createOAuthModule(context, {
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: opts.refreshTokenTtlSeconds,
  });
  userForAccessToken = oauth.userForAccessToken;
  const realtime = createRealtimeModule(context, { tickMs: opts.tickMs });
  publish = realtime.publish;
  publishForAssets = realtime.publishForAssets;
  const stores = createFleetStores(context);
  const modules: ServiceModule[] = [
    // First: its hook finds the user of an OAuth access token before any route checks the token.
    oauth,
    realtime,
    createFleetModule(context, stores),
    createAlarmsModule(context, stores, { tickMs: opts.tickMs }),
    createReportsModule(context, {
      workers: opts.reportWorkers,
      overloadThreshold: opts.overloadThreshold,
      queueTimeoutMs: opts.reportQueueTimeoutMs,
      cacheTtlMs: opts.reportCacheTtlMs,
      paused: opts.reportsPaused,
      workerMaxHeapMb: opts.reportWorkerMaxHeapMb,
      enteredRefills: enteredRefillsOf(stores.records),
    }),
    createTrackingPageModule(context, {
      tickMs: opts.tickMs,
      devOutbox: opts.devOutbox,
      ...(opts.trackingTileUrl === undefined ? {} : { tileUrl: opts.trackingTileUrl }),
      ...(opts.trackingTileAttribution === undefined
        ? {}
        : { tileAttribution: opts.trackingTileAttribution }),
    }),
    createDocsModule(context),
  ];
  for (const m of modules) await m.register(app);

  await app.listen({ port: opts.port, host: opts.host });
  const port = (app.server.address() as AddressInfo).port;
  const urlHost = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  const http = `http://${urlHost}:${port}`;
  const ws = `ws://${urlHost}:${port}`;
  Object.assign(urls, { base_url: http, ws_url: ws, api_url: http, api_ws_url: ws, tracking_url: http });
  realtime.attach(app.server);
  for (const m of modules) await m.start?.();

  const ready: ReadyInfo = {
    event: 'ready',
    ...urls,
    app_key: APP_KEY,
    account_key: ACCOUNT_KEY,
    users: issued.map((u) => ({
      id: u.id,
      name: u.name,
      token: u.token,
      username: u.username,
      password: u.password,
      asset_ids: u.assetIds,
    })),
  };

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      requests.close();
      if (!(await requests.drained(DRAIN_MS)))
        log.warn('stopping with requests still under way', { waitedMs: DRAIN_MS });
      for (const m of [...modules].reverse()) {
        try {
          await m.stop?.();
        } catch (err) {
          log.error(`stopping ${m.name} failed`, { err: String(err) });
        }
      }
      await app.close();
      db.close();
      if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
    })());

  return { ...ready, port, dataDir, context, readyLine: () => ready, stop };
}

function createLog(quiet: boolean): ServiceLog {
  const write = (level: string, msg: string, extra?: Record<string, unknown>): void => {
    if (quiet && level !== 'error') return;
    process.stderr.write(`[local-service] ${level} ${msg}${extra ? ' ' + JSON.stringify(extra) : ''}\n`);
  };
  return {
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  };
}
