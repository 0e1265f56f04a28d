import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppCore, type AppCore, type AppCoreOptions } from '../core/app-core';
import { createMemorySecretStore, type SecretStore } from '../core/session/secret-store';
import { createIpcRouter } from '../ipc/ipc-router';
import { createPushChannel } from '../ipc/push-channel';
import { attachedDemoService, localDemoService, type ReadyInfo } from '../demo/local-demo-service';
import { attachBridgeSocket } from './bridge-socket';
import { browserHandlers } from './browser-handlers';
import { createBrowserShellServices, DOWNLOAD_PATH } from './browser-shell-services';
import { listenOnFreePort } from './listen-on-free-port';
import { createRendererHost, type RendererSource } from './renderer-host';
import { createReplyParcels } from './reply-parcels';
import { serveStatic } from './static-files';
import { PARCEL_PATH, SECRET_FRAGMENT_KEY } from '../../shared/ipc/socket-frames';
import { answerTileRequest, isTileRoute } from '../core/tiles/tile-route';

export interface BrowserShellLog {
  info(message: string): void;
  warn(message: string): void;
  /** Without `err` for what the core logs as a line of its own (the renderer's errors). */
  error(message: string, err?: unknown): void;
}

export interface BrowserShellOptions {
  /**
   * The first port to try; when it is taken, the next free one after it (as Vite does).
   * 0 (the default) lets the OS pick. The host binds 127.0.0.1 only.
   */
  readonly port?: number;
  /** Cache, downloaded reports and browser downloads; a fresh temp folder by default (removed on stop). */
  readonly dataDir?: string;
  /** Vite's dev server on src/renderer ('dev', the default) or a built renderer folder (out/renderer). */
  readonly renderer?: RendererSource;
  /** Where the token lives; memory by default (the demo signs itself in again on every start). */
  readonly secretStore?: SecretStore;
  /**
   * A local fleet service the caller started and owns (e2e tests stop and
   * restart it): the Demo profile signs in to it instead of starting its own.
   */
  readonly demoService?: ReadyInfo;
  /**
   * Passed to createAppCore (timing for tests, a custom startDemo, …); the
   * Demo service is the local fleet service in-process unless said here or in demoService.
   */
  readonly core?: Partial<Pick<AppCoreOptions, 'startDemo' | 'fetch' | 'now' | 'timing' | 'version'>>;
  /** Tests replace the core with fakes of its handlers. */
  readonly createCore?: (options: AppCoreOptions) => AppCore;
  readonly log?: BrowserShellLog;
}

export interface BrowserShell {
  /** Open this in a browser: it carries the per-run secret in its fragment. */
  readonly url: string;
  readonly origin: string;
  /** For tests of the socket; a page gets it from `url`. */
  readonly secret: string;
  readonly core: AppCore;
  stop(): Promise<void>;
}

const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const consoleLog: BrowserShellLog = {
  info: (m) => console.log(`[browser-shell] ${m}`),
  warn: (m) => console.warn(`[browser-shell] ${m}`),
  error: (m, err) =>
    err === undefined ? console.error(`[browser-shell] ${m}`) : console.error(`[browser-shell] ${m}`, err),
};

/**
 * The second shell (architecture.md §1): the same core and the
 * same renderer, the contract carried over a loopback WebSocket instead of
 * Electron IPC. For development, tests and machines where Electron cannot run.
 */
export async function startBrowserShell(options: BrowserShellOptions = {}): Promise<BrowserShell> {
  const log = options.log ?? consoleLog;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fleetdesk-browser-')));
  const secret = randomBytes(32).toString('base64url');
  const shell = createBrowserShellServices(join(dataDir, 'browser-downloads'), log);
  const pushes = createPushChannel();
  const parcels = createReplyParcels();
  const make = options.createCore ?? createAppCore;
  const core = make({
    ...options.core,
    startDemo: options.demoService
      ? attachedDemoService(options.demoService)
      : (options.core?.startDemo ?? localDemoService()),
    dataDir,
    secretStore: options.secretStore ?? createMemorySecretStore(),
    shell,
    push: pushes.push,
    shellKind: 'browser',
    log,
  });

  let origins: string[] = [];
  const server = createServer((req, res) => {
    handleHttp(req, res).catch((err: unknown) => {
      log.error(`${req.method ?? 'GET'} ${req.url ?? ''} failed`, err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });
  const renderer = await createRendererHost(options.renderer ?? 'dev', PROJECT_ROOT, server);

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS rebinding: a foreign name resolving to 127.0.0.1 must not read our pages or downloads.
    if (!origins.includes(`http://${req.headers.host ?? ''}`))
      return void res.writeHead(421).end('Misdirected');
    // A page from anywhere else (another localhost port included) may not read our sources or
    // downloads: it is refused here, and nothing answers it with CORS headers (renderer-host.ts).
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.includes(origin)) return void res.writeHead(403).end('Forbidden');
    const path = new URL(req.url ?? '/', 'http://host.invalid').pathname;
    // The app's icon, which browsers ask for at /favicon.ico (a PNG there is fine by all of them).
    if (path === '/favicon.ico') return serveStatic(join(PROJECT_ROOT, 'build'), '/icon.png', res, (h) => h);
    if (path.startsWith(DOWNLOAD_PATH)) {
      const file = shell.download(path.slice(DOWNLOAD_PATH.length));
      if (!file) return void res.writeHead(404).end('Not found');
      res.writeHead(200, {
        'content-type': file.contentType,
        'content-disposition': `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        'x-content-type-options': 'nosniff',
        // An HTML report opened in a tab is a document to read, never a page that runs script on our origin.
        ...(file.contentType.startsWith('text/html') ? { 'content-security-policy': REPORT_CSP } : {}),
        'cache-control': 'no-store',
      });
      createReadStream(file.path)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }
    if (path.startsWith(PARCEL_PATH)) {
      const token = path.slice(PARCEL_PATH.length);
      if (req.method === 'HEAD') return void res.writeHead(parcels.has(token) ? 200 : 404).end();
      if (req.method !== 'GET')
        return void res.writeHead(405, { allow: 'GET, HEAD' }).end('Method not allowed');
      const parcel = await parcels.take(token);
      if (!parcel) return void res.writeHead(404).end('Not found');
      res.writeHead(200, {
        'content-type': parcel.text ? 'text/plain; charset=utf-8' : 'application/octet-stream',
        'content-length': parcel.body.byteLength,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      return void res.end(parcel.body);
    }
    // Map tiles through the core's cache (docs/architecture.md "Map tiles"), as Electron's app:// serves them.
    if (isTileRoute(path) && req.method === 'GET') {
      const answer = await answerTileRequest(core.tiles, path);
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    await renderer.handle(req, res);
  }

  const port = await listenOnFreePort(server, options.port ?? 0, '127.0.0.1', (taken) =>
    log.info(`Port ${taken} is in use, trying another one...`),
  );
  origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const socket = attachBridgeSocket({
    server,
    secret,
    allowedOrigins: () => origins,
    router: createIpcRouter(browserHandlers(core.handlers), log),
    pushes,
    parcels,
    log,
  });

  const stop = async (): Promise<void> => {
    await socket.close();
    parcels.clear();
    await renderer.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await core.stop();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await core.start();
  } catch (err) {
    await stop();
    throw err;
  }
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/#${SECRET_FRAGMENT_KEY}=${secret}`, origin, secret, core, stop };
}
