import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { serveStatic } from './static-files';

export interface RendererHost {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export type RendererSource = 'dev' | { readonly dir: string };

const BRIDGE_SCRIPT_PATH = '/__fleetdesk/bridge.js';

/**
 * The renderer as the browser shell serves it: Vite's dev server (with HMR)
 * on the renderer's root in development, or a built folder (out/renderer).
 * Either way the page's first module is src/preload/browser.ts, which puts
 * window.fleetdesk in place before the app's own module runs.
 */
export async function createRendererHost(
  source: RendererSource,
  projectRoot: string,
  server: Server,
): Promise<RendererHost> {
  const bridgeEntry = join(projectRoot, 'src/preload/browser.ts');
  if (source === 'dev') return viteDevHost(projectRoot, bridgeEntry, server);

  let bundle: Promise<string> | null = null;
  const inject = injectBridge(BRIDGE_SCRIPT_PATH);
  return {
    async handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://host.invalid').pathname;
      if (path === BRIDGE_SCRIPT_PATH) {
        bundle ??= bundleBridge(bridgeEntry);
        const code = await bundle;
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(code);
      }
      await serveStatic(source.dir, path, res, inject);
    },
    close: async () => undefined,
  };
}

/** Before every other script of the page: module scripts run in document order. */
const injectBridge =
  (src: string) =>
  (html: string): string =>
    html.replace(/<head([^>]*)>/i, `<head$1>\n    <script type="module" src="${src}"></script>`);

async function viteDevHost(projectRoot: string, bridgeEntry: string, server: Server): Promise<RendererHost> {
  const { createServer } = await import('vite');
  const { default: vue } = await import('@vitejs/plugin-vue');
  const vite = await createServer({
    configFile: false,
    root: join(projectRoot, 'src/renderer'),
    plugins: [
      vue(),
      {
        name: 'fleetdesk-browser-bridge',
        transformIndexHtml: (html) => injectBridge(`/@fs/${bridgeEntry.replace(/^\//, '')}`)(html),
      },
    ],
    // cors: false: Vite's default answers any localhost origin, so a page on another local port
    // could read every source file through /@fs/; only our own page may.
    server: { middlewareMode: true, hmr: { server }, fs: { allow: [projectRoot] }, cors: false },
    appType: 'spa',
    logLevel: 'warn',
  });
  return {
    handle: (req, res) =>
      new Promise<void>((resolve) => {
        vite.middlewares(req, res, () => {
          res.writeHead(404).end('Not found');
          resolve();
        });
        res.once('close', () => resolve());
      }),
    close: () => vite.close(),
  };
}

/** One ES module for the built renderer, made at the first request. */
async function bundleBridge(entry: string): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['es'], fileName: () => 'bridge.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const out of outputs)
    if ('output' in out) for (const chunk of out.output) if (chunk.type === 'chunk') return chunk.code;
  throw new Error('The browser bridge did not bundle.');
}
