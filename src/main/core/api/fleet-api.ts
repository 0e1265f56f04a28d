import {
  assetListResponseSchema,
  historyResponseSchema,
  locationSchema,
  trackingLinkRequestSchema,
  trackingLinkSchema,
  type Asset,
  type AssetListResponse,
  type Location,
  type TrackingLink,
  type TrackingLinkRequestInput,
} from '../../../shared/interface';
import type { HistoryColumns } from '../../../shared/ipc/views';
import { allocateColumns, UNKNOWN_U8 } from '../cache/history-columns';
import { allPages, fleetBase } from './all-pages';
import {
  decodeHistoryColumns,
  HISTORY_COLUMNS_MEDIA_TYPE,
  HistoryWireError,
} from '../../../shared/interface/history-columns-wire';
import { ApiError } from './api-error';
import { MIB } from './body-limit';
import { decodeHistoryJson } from './history-json-decoder';
import { parseJsonBytes, type HttpClient } from './http-client';
import { validateRequest } from './request-validation';

/**
 * History comes in pieces of at most a week (history-service FETCH_PIECE_MS).
 * A week of the local service's 10 s round-the-clock tracker is 10.3 MiB of
 * JSON (2.7 MiB as columns), and even the service's longest range, 31 days,
 * is 45.5 MiB: this leaves room for a tracker several times as frequent, or a
 * vendor whose positions carry more fields, and the plain form is decoded from
 * the bytes without JSON.parse's objects.
 */
export const HISTORY_MAX_BODY_BYTES = 128 * MIB;

export interface FleetEndpoints {
  /** {api_url} of the profile. */
  readonly apiUrl: string;
  readonly accountKey: string;
  /** per_page to ask for; the spec names only `page` (4.2), so it is sent only where known to work. */
  readonly pageSize?: number;
}

/** Spec 4.2: the fleet tracking interface under {api_url}/api/{account_key}. */
export interface FleetApi {
  assetPage(page: number): Promise<AssetListResponse>;
  /** Every page: the first, then the rest in parallel, at most `concurrency` at a time. */
  allAssets(options?: { readonly concurrency?: number }): Promise<Asset[]>;
  location(assetId: number): Promise<Location>;
  /** [start, end) in epoch ms, as columns (views.ts HistoryColumns), oldest first. */
  history(assetId: number, start: number, end: number): Promise<HistoryColumns>;
  createTrackingLink(request: TrackingLinkRequestInput): Promise<TrackingLink>;
}

export function createFleetApi(http: HttpClient, endpoints: FleetEndpoints): FleetApi {
  const base = fleetBase(endpoints.apiUrl, endpoints.accountKey);

  const assetPage = async (page: number): Promise<AssetListResponse> => {
    const route = 'GET /asset';
    const res = await http.send({
      method: 'GET',
      url: `${base}/asset`,
      route,
      query: { page, per_page: endpoints.pageSize },
    });
    return http.parse(assetListResponseSchema, res.body, route);
  };

  return {
    assetPage,

    allAssets: (options = {}) => allPages('GET /asset', assetPage, options.concurrency),

    async location(assetId) {
      const route = 'GET /asset/{id}/location';
      const res = await http.send({ method: 'GET', url: `${base}/asset/${assetId}/location`, route });
      return http.parse(locationSchema, res.body, route);
    },

    async history(assetId, start, end) {
      const route = 'GET /asset/{id}/history';
      const res = await http.send({
        method: 'GET',
        url: `${base}/asset/${assetId}/history`,
        route,
        query: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
        // A 31-day history is tens of megabytes: more time than a small request.
        timeoutMs: 120_000,
        maxBodyBytes: HISTORY_MAX_BODY_BYTES,
        responseType: 'json-bytes',
        // Columns where the service has them (the local service does); JSON from any other.
        accept: `${HISTORY_COLUMNS_MEDIA_TYPE}, application/json;q=0.9`,
      });
      if (!(res.body instanceof Uint8Array)) throw new TypeError('a json-bytes answer without its bytes');
      if (res.headers.get('content-type')?.toLowerCase().startsWith(HISTORY_COLUMNS_MEDIA_TYPE))
        return columnsAnswer(res.body, route, res.status);
      // The plain form is read straight into columns; anything else (or anything wrong) goes through the
      // schema, which accepts every valid form and names what is wrong.
      return (
        decodeHistoryJson(res.body) ??
        toColumns(http.parse(historyResponseSchema, parseJsonBytes(res.body, route, res.status), route).data)
      );
    },

    async createTrackingLink(request) {
      const route = 'POST /public-tracking-link';
      const body = validateRequest(trackingLinkRequestSchema, request, route);
      const res = await http.send({ method: 'POST', url: `${base}/public-tracking-link`, route, body });
      return http.parse(trackingLinkSchema, res.body, route);
    },
  };
}

function columnsAnswer(body: Uint8Array, route: string, status: number): HistoryColumns {
  try {
    return decodeHistoryColumns(body);
  } catch (err) {
    if (!(err instanceof HistoryWireError)) throw err;
    throw new ApiError({
      kind: 'bad_response',
      route,
      status,
      message: `The service's answer to ${route} is not in the expected form: ${err.message}.`,
      cause: err,
    });
  }
}

/** Spec 2.8 positions → columns; null fields become NaN / 255 ("unknown"). */
export function toColumns(points: readonly Location[]): HistoryColumns {
  const c = allocateColumns(points.length);
  points.forEach((p, i) => {
    c.t[i] = Date.parse(p.timestamp);
    c.lat[i] = p.latitude;
    c.lon[i] = p.longitude;
    c.alt[i] = p.altitude ?? Number.NaN;
    c.speed[i] = p.speed ?? Number.NaN;
    c.heading[i] = p.heading ?? Number.NaN;
    c.odometer[i] = p.odometer ?? Number.NaN;
    c.ignition[i] = p.ignition === null ? UNKNOWN_U8 : p.ignition ? 1 : 0;
    c.satellites[i] = p.satellites === null ? UNKNOWN_U8 : Math.min(254, Math.max(0, p.satellites));
  });
  return c;
}
