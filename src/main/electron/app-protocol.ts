import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { protocol } from 'electron';
import { contentSecurityPolicy } from './content-security-policy';
import { answerTileRequest, isTileRoute } from '../core/tiles/tile-route';
import type { TileService } from '../core/tiles/tile-service';

/** The renderer's home: a standard, secure custom scheme instead of file:// (Electron security checklist §18). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'fleetdesk';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Must run before app 'ready': privileges cannot be granted later. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/**
 * Serves out/renderer under app://fleetdesk/, every response carrying our CSP,
 * and map tiles at app://fleetdesk/tiles/ through the core's tile cache
 * (docs/architecture.md "Map tiles"; null until the core exists).
 */
export function setupAppProtocol(rendererDir: string, tiles: () => TileService | null): void {
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const service = tiles();
    if (url.host === APP_HOST && isTileRoute(url.pathname) && service)
      return serveTile(service, url.pathname);
    return serveRendererFile(rendererDir, request.url);
  });
}

export async function serveTile(tiles: TileService, pathname: string): Promise<Response> {
  const answer = await answerTileRequest(tiles, pathname);
  const body = typeof answer.body === 'string' ? answer.body : new Uint8Array(answer.body);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

export async function serveRendererFile(rendererDir: string, rawUrl: string): Promise<Response> {
  const url = new URL(rawUrl);
  if (url.host !== APP_HOST) return notFound();
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname);
  } catch {
    return notFound();
  }
  const root = normalize(rendererDir);
  const file = normalize(join(root, relative === '/' ? 'index.html' : relative));
  // No ../ escapes from the renderer folder, however the path is spelled.
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return notFound();
  try {
    if (!(await stat(file)).isFile()) return notFound();
    const body = await readFile(file);
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: {
        'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return notFound();
  }
}

const notFound = (): Response =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
