import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { TRACKING_PAGE_CSS } from './page-style';
import { TRACKING_PAGE_SCRIPT } from './page-script';

export interface PageAsset {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
}

/** Where the tracking page's static files are served; no CDN (the page works on a closed network). */
export const ASSETS_PREFIX = '/track-assets';

const LEAFLET_FILES: ReadonlyArray<readonly [string, string]> = [
  ['leaflet.js', 'text/javascript; charset=utf-8'],
  ['leaflet.css', 'text/css; charset=utf-8'],
  ['images/marker-icon.png', 'image/png'],
  ['images/marker-icon-2x.png', 'image/png'],
  ['images/marker-shadow.png', 'image/png'],
  ['images/layers.png', 'image/png'],
  ['images/layers-2x.png', 'image/png'],
];

const asset = (body: Buffer, type: string): PageAsset => ({
  body,
  type,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`,
});

/**
 * Every file the page loads, read once at start: Leaflet's dist files from
 * node_modules and the page's own script and style. A missing Leaflet is
 * reported (`missing`) instead of stopping the service: the page then still
 * shows its text, without a map.
 */
export function loadPageAssets(): { assets: Map<string, PageAsset>; missing: string | null } {
  const assets = new Map<string, PageAsset>([
    ['tracking-page.js', asset(Buffer.from(TRACKING_PAGE_SCRIPT), 'text/javascript; charset=utf-8')],
    ['tracking-page.css', asset(Buffer.from(TRACKING_PAGE_CSS), 'text/css; charset=utf-8')],
  ]);
  let missing: string | null = null;
  try {
    const dist = dirname(createRequire(import.meta.url).resolve('leaflet/dist/leaflet.js'));
    for (const [file, type] of LEAFLET_FILES) {
      let body = readFileSync(join(dist, file));
      // The source map is not served; drop the pointer so browsers do not ask for it.
      if (file === 'leaflet.js')
        body = Buffer.from(body.toString('utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n'));
      assets.set(`leaflet/${file}`, asset(body, type));
    }
  } catch (err) {
    missing = `Leaflet's dist files could not be read: ${String(err)}`;
  }
  return { assets, missing };
}
