/**
 * What went wrong with a request, in the terms the app acts on: spec 7's
 * statuses, plus the failures that never reached a status (offline, timeout)
 * and answers that did not match the shared schemas (bad_response).
 */
export type ApiErrorKind =
  | 'validation' // 400
  | 'unauthorized' // 401: the session needs a new sign-in
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409 (e.g. a download before completion)
  | 'rate_limited' // 429
  | 'unavailable' // 503 (spec 7: retry in 30 s)
  | 'http' // any other status
  | 'offline' // the service could not be reached; never invalidates the token
  | 'timeout'
  | 'cancelled'
  | 'bad_response'; // the answer does not parse

export interface ApiErrorDetails {
  readonly kind: ApiErrorKind;
  readonly message: string;
  readonly route: string;
  readonly status?: number | null;
  /** Spec 7's 400 body: field → messages. */
  readonly errors?: Record<string, string[]> | null;
  /** From Retry-After (503 defaults to spec 7's 30 s). */
  readonly retryAfterMs?: number | null;
  /** Our 409 for a download before completion carries the state. */
  readonly generationStatus?: string | null;
  /** The error's body as received, for the few answers that carry more than spec 7 (our acknowledge 409). */
  readonly body?: unknown;
  readonly cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly route: string;
  readonly errors: Record<string, string[]> | null;
  readonly retryAfterMs: number | null;
  readonly generationStatus: string | null;
  readonly body: unknown;

  constructor(d: ApiErrorDetails) {
    super(d.message, d.cause === undefined ? undefined : { cause: d.cause });
    this.name = 'ApiError';
    this.kind = d.kind;
    this.status = d.status ?? null;
    this.route = d.route;
    this.errors = d.errors ?? null;
    this.retryAfterMs = d.retryAfterMs ?? null;
    this.generationStatus = d.generationStatus ?? null;
    this.body = d.body;
  }

  /** Network-level: the request may succeed later without anything changing on our side. */
  get transient(): boolean {
    return this.kind === 'offline' || this.kind === 'timeout' || this.kind === 'unavailable';
  }
}

export function kindOfStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
    case 422:
      return 'validation';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return 'http';
  }
}
