import type { z } from 'zod';
import { looseErrorBodySchema } from '../../../shared/interface';
import { ApiError, kindOfStatus } from './api-error';
import { MIB, readBodyWithin } from './body-limit';
import type { DeprecationTracker } from './deprecation-tracker';
import { requestSignal } from './request-signal';
import { DEFAULT_UNAVAILABLE_RETRY_MS, parseRetryAfter } from './retry-after';
import { parseVendorScalars } from './vendor-scalars';

export const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The most any answer may be unless its route says more: every body is held
 * in main's memory whole, so without a limit a service (or anything on the
 * way) answering gigabytes ends the app. The largest answers besides history
 * and report content are list pages, and spec 4.2 names no page size, so a
 * vendor may send a whole fleet in one: 100,000 assets (the national fleets
 * of docs/architecture.md) at the ~270 bytes an asset takes in the local
 * service's answer are ~26 MiB, which this holds twice over. Errors,
 * locations and single records are kilobytes.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * MIB;

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  /** The route as a template (`GET /asset/{id}/history`): names errors and deprecation notices. */
  readonly route: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  /** A multipart body (spec 4.3 asset photo) instead of JSON; fetch sets its Content-Type. */
  readonly form?: FormData;
  /**
   * `bytes`: a successful answer's body is its raw bytes (a photo), not JSON.
   * `json-bytes`: JSON is asked for, and a successful answer's body is its raw bytes, for a
   * caller that decodes a large answer itself (history-json-decoder.ts); errors are parsed as usual.
   */
  readonly responseType?: 'json' | 'bytes' | 'json-bytes';
  /** The Accept header when a route can answer in more than JSON (RFC 9110 §12.5.1). */
  readonly accept?: string;
  readonly timeoutMs?: number;
  /** The most this route's answer may be, error answers included; DEFAULT_MAX_BODY_BYTES when absent. */
  readonly maxBodyBytes?: number;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface HttpClientOptions {
  /** The bearer token, read for each request (it never leaves main); an OAuth grant may renew it first. */
  readonly getToken: () => string | null | Promise<string | null>;
  /**
   * The service refused `token` (401): resolves true when a new token is ready, and the request is
   * sent once more with it (an access token that expired or was revoked early, RFC 6750 §3.1).
   */
  readonly renewToken?: (token: string) => Promise<boolean>;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly deprecations?: DeprecationTracker;
  /** A 401 anywhere: the session needs a new sign-in (docs/architecture.md §3). */
  readonly onUnauthorized?: (err: ApiError) => void;
  /** Whether the last request reached the service (ConnectionStatus.service). */
  readonly onReachability?: (online: boolean) => void;
  /** Aborted when the session closes (sign-out, quit): every request still under way is cancelled. */
  readonly closed?: AbortSignal;
}

/**
 * The one HTTP client of both interfaces (spec 4.1, 4.2, 5): Bearer and
 * Accept headers on every request, Content-Type on bodies, a timeout per
 * request and a byte limit per answer, every failure mapped to an ApiError.
 * Bodies come back as unknown; the endpoint modules parse them with the
 * shared schemas.
 */
export interface HttpClient {
  send(req: HttpRequest): Promise<HttpResponse>;
  /** Parses a body with a shared schema; a mismatch is a bad_response ApiError. */
  parse<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;

  return {
    async send(req) {
      const first = await attempt(req);
      if (!(first instanceof Refused)) return first;
      const renewed = options.renewToken ? await options.renewToken(first.token) : false;
      const outcome = renewed ? await attempt(req) : first;
      if (!(outcome instanceof Refused)) return outcome;
      options.onUnauthorized?.(outcome.error);
      throw outcome.error;
    },

    parse(schema, body, route) {
      const parsed = parseVendorScalars(schema, body);
      if (parsed.success) return parsed.data;
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
      throw new ApiError({
        kind: 'bad_response',
        route,
        message: `The service's answer to ${route} is not in the expected form${where}: ${first?.message ?? 'invalid'}.`,
        cause: parsed.error,
      });
    },
  };

  /** One exchange; a 401 comes back as Refused, for send() to renew the token once. */
  async function attempt(req: HttpRequest): Promise<HttpResponse | Refused> {
    const token = await options.getToken();
    if (token === null)
      throw new ApiError({ kind: 'unauthorized', route: req.route, message: 'Not signed in.' });
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (req.responseType === 'bytes') headers.Accept = 'image/*, application/json;q=0.5';
    if (req.accept !== undefined) headers.Accept = req.accept;
    const timeoutMs = req.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const { signal, release } = requestSignal([timeout, req.signal, options.closed]);

    let res: Response;
    let text: string;
    let bytes: Uint8Array | null = null;
    try {
      res = await doFetch(withQuery(req.url, req.query), {
        method: req.method,
        headers,
        body: req.form ?? (req.body === undefined ? undefined : JSON.stringify(req.body)),
        signal,
        redirect: 'follow',
      });
      options.onReachability?.(true);
      // The timeout covers the body too: a stalled 46 MB history must not hang forever.
      const raw = await readBodyWithin(res, req.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, req.route);
      if ((req.responseType === 'bytes' || req.responseType === 'json-bytes') && res.ok) {
        bytes = raw;
        text = '';
      } else text = new TextDecoder().decode(raw);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw transportError(err, req, timeoutMs, timeout, options);
    } finally {
      release();
    }
    options.deprecations?.observe(req.route, res.headers);
    if (bytes) return { status: res.status, body: bytes, headers: res.headers };
    const body = text.length === 0 ? undefined : parseJsonOrText(text);
    if (res.ok) {
      if (body instanceof NotJson)
        throw new ApiError({
          kind: 'bad_response',
          route: req.route,
          status: res.status,
          message: `The service answered ${req.route} with something that is not JSON.`,
        });
      return { status: res.status, body, headers: res.headers };
    }
    const err = statusError(res, body, req.route, now());
    if (err.kind === 'unauthorized') return new Refused(token, err);
    throw err;
  }
}

class Refused {
  constructor(
    readonly token: string,
    readonly error: ApiError,
  ) {}
}

/** A `json-bytes` answer's JSON value; not JSON is a bad_response ApiError, as for any other answer. */
export function parseJsonBytes(bytes: Uint8Array, route: string, status: number): unknown {
  const body = parseJsonOrText(new TextDecoder().decode(bytes));
  if (body instanceof NotJson)
    throw new ApiError({
      kind: 'bad_response',
      route,
      status,
      message: `The service answered ${route} with something that is not JSON.`,
    });
  return body;
}

class NotJson {
  constructor(readonly text: string) {}
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return new NotJson(text);
  }
}

function withQuery(url: string, query: HttpRequest['query']): string {
  if (!query) return url;
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
  return u.toString();
}

function transportError(
  err: unknown,
  req: HttpRequest,
  timeoutMs: number,
  timeout: AbortSignal,
  options: HttpClientOptions,
): ApiError {
  if (timeout.aborted) {
    options.onReachability?.(false);
    return new ApiError({
      kind: 'timeout',
      route: req.route,
      message: `The service did not answer ${req.route} within ${Math.round(timeoutMs / 1000)} s.`,
      cause: err,
    });
  }
  if (req.signal?.aborted || options.closed?.aborted)
    return new ApiError({
      kind: 'cancelled',
      route: req.route,
      message: 'The request was cancelled.',
      cause: err,
    });
  options.onReachability?.(false);
  const reason = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
  return new ApiError({
    kind: 'offline',
    route: req.route,
    message: `The service could not be reached (${reason}).`,
    cause: err,
  });
}

function statusError(res: Response, body: unknown, route: string, now: number): ApiError {
  const kind = kindOfStatus(res.status);
  // Tolerant on purpose: a real service may answer 401 with {error} or an HTML page.
  const loose = looseErrorBodySchema.safeParse(body);
  const b = loose.success ? loose.data : {};
  const errors = b.errors
    ? Object.fromEntries(Object.entries(b.errors).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]))
    : null;
  const retryAfter = parseRetryAfter(res.headers.get('retry-after'), now);
  return new ApiError({
    kind,
    route,
    status: res.status,
    message: b.message ?? b.error ?? `${route} failed with HTTP ${res.status}.`,
    errors,
    retryAfterMs: retryAfter ?? (kind === 'unavailable' ? DEFAULT_UNAVAILABLE_RETRY_MS : null),
    generationStatus: b.generation_status ?? null,
    body: body instanceof NotJson ? undefined : body,
  });
}
