import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A file strictly inside `root` for a URL path, or null (no ../ escapes however spelled). */
export function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = normalize(root);
  const file = normalize(join(base, decoded));
  return file.startsWith(base.endsWith(sep) ? base : base + sep) ? file : null;
}

/** Serves a built renderer folder; index.html goes through `transformIndex` (to load the bridge). */
export async function serveStatic(
  root: string,
  urlPath: string,
  res: ServerResponse,
  transformIndex: (html: string) => string,
): Promise<void> {
  const wanted = urlPath === '/' ? '/index.html' : urlPath;
  const file = fileInside(root, wanted);
  const isFile = file
    ? await stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
    : false;
  if (!file || !isFile || file.endsWith(`${sep}index.html`)) {
    // A single-page app: unknown paths without an extension get the page itself.
    if (file && !isFile && extname(file) !== '') return void res.writeHead(404).end('Not found');
    const html = await readFile(join(root, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return void res.writeHead(404).end('The renderer is not built here (npm run build).');
    res.writeHead(200, { 'content-type': MIME['.html'], 'cache-control': 'no-store' });
    return void res.end(transformIndex(html));
  }
  res.writeHead(200, { 'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}
