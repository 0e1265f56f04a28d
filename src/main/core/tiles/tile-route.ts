import { TILE_ROUTE_PATH } from '../../../shared/map/tile-route';
import type { TileFailure, TileService } from './tile-service';

/** What a shell sends back for a request on the tile route: the same in Electron's protocol and over HTTP. */
export interface TileHttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | string;
}

const STATUS: Readonly<Record<TileFailure | 'bad-path', number>> = {
  'bad-path': 404,
  'outside-world': 404,
  'not-found': 404,
  'upstream-error': 502,
  unreachable: 504,
};

const TILE_PATH = /^(\d{1,2})\/(\d{1,8})\/(\d{1,8})$/;

/** Nothing answered here is ever a document that runs anything. */
const COMMON = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  // The tile server may change in the Settings; the page asks main again (a loopback or in-process hop).
  'cache-control': 'no-store',
};

/** `pathname` is the request's path: `/tiles/{z}/{x}/{y}`, anything else is not found. */
export function isTileRoute(pathname: string): boolean {
  return pathname.startsWith(TILE_ROUTE_PATH);
}

/**
 * Answers the renderer's request for one tile (shared/map/tile-route.ts) from
 * the tile service. A failure is a short text with the status Leaflet turns
 * into a tileerror, which the map's "Map tiles unavailable" note counts.
 */
export async function answerTileRequest(tiles: TileService, pathname: string): Promise<TileHttpAnswer> {
  const m = TILE_PATH.exec(pathname.slice(TILE_ROUTE_PATH.length));
  const failed = (why: TileFailure | 'bad-path'): TileHttpAnswer => ({
    status: STATUS[why],
    headers: { ...COMMON, 'content-type': 'text/plain; charset=utf-8' },
    body: why,
  });
  if (!isTileRoute(pathname) || !m) return failed('bad-path');
  const answer = await tiles.tile({ z: Number(m[1]), x: Number(m[2]), y: Number(m[3]) });
  if (!answer.ok) return failed(answer.failure);
  return {
    status: 200,
    headers: { ...COMMON, 'content-type': answer.contentType, 'x-fleetdesk-tile': answer.from },
    body: answer.bytes,
  };
}
