import * as client from 'openid-client';
import type { AccessTokenSource } from '../access-token';
import { classifyOAuthFailure, describeOAuthFailure } from './oauth-failure';
import { timerDelay } from '../../../../shared/time/timer-delay';

export interface OAuthTokensOptions {
  readonly config: client.Configuration;
  /** The access token of a fresh sign-in; null after a restart (only the refresh token is kept). */
  readonly access: { readonly token: string; readonly expiresInSeconds: number | undefined } | null;
  /** Null when the service gave none (no offline_access): the sign-in then lasts as long as the access token. */
  readonly refreshToken: string | null;
  /** Keeps the refresh token with the session's secrets (it changes at every refresh); null forgets it. */
  save(refreshToken: string | null): Promise<void>;
  /** The service refused to renew: this sign-in is over (revoked, expired, or a reused token). */
  onEnded(reason: string): void;
  readonly now: () => number;
  readonly log: { warn(message: string): void };
}

/** An OAuth grant as the connection's token source, renewing itself; revoked at sign-out. */
export interface OAuthTokens extends AccessTokenSource {
  /** RFC 7009: the refresh token revoked at the service (which ends the grant); best effort, briefly. */
  revoke(): Promise<void>;
  /** No more renewals: signed out, replaced, or quitting. */
  stop(): void;
}

/** Renew this long before expiry: a minute for the usual 10-minute token, a quarter of a short one. */
const renewalMargin = (lifetimeMs: number): number => Math.min(60_000, lifetimeMs / 4);
/** A token said to live no time at all (expires_in 0) is renewed at most this often, not in a loop. */
const MIN_RENEWAL_MS = 1_000;
/** Waits between attempts while the service cannot be reached. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/** Sign-out does not wait longer than this for the service to hear of it. */
const REVOCATION_TIMEOUT_SECONDS = 5;

interface Access {
  readonly token: string;
  /** Epoch ms, with the server's rounding allowed for; null when it said nothing (renewed on a 401 only). */
  readonly expiresAt: number | null;
  readonly renewAt: number | null;
}

/**
 * The access and refresh tokens of one sign-in, held in main only. The
 * access token is renewed before it expires (a timer), when it has expired
 * (the next request waits for it) and once after a 401 (renew). Refreshes
 * never overlap: the service rotates the refresh token at each one and
 * treats a reused one as theft (RFC 9700 §4.14.2), ending the sign-in.
 */
export function createOAuthTokens(o: OAuthTokensOptions): OAuthTokens {
  let access: Access | null = null;
  let refreshToken: string | null = o.refreshToken;
  let refreshing: Promise<string | null> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let retryMs = RETRY_FIRST_MS;
  let stopped = false;

  const clearTimer = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const at = (when: number): void => {
    clearTimer();
    if (stopped) return;
    timer = setTimeout(() => void refresh().catch(() => undefined), timerDelay(when - o.now()));
    timer.unref();
  };

  const accept = (token: string, expiresInSeconds: number | undefined): void => {
    const now = o.now();
    if (expiresInSeconds === undefined) {
      access = { token, expiresAt: null, renewAt: null };
      return;
    }
    const lifetime = expiresInSeconds * 1000;
    // The server counts whole seconds (its expiry is issued-at, rounded down, plus the lifetime):
    // the token may die up to a second before `expires_in` says. Never renew in the first half.
    const skew = Math.min(1_000, lifetime / 4);
    const renewAt = now + Math.max(MIN_RENEWAL_MS, lifetime / 2, lifetime - skew - renewalMargin(lifetime));
    access = { token, expiresAt: now + lifetime - skew, renewAt };
    at(renewAt);
  };

  const end = (reason: string): void => {
    access = null;
    refreshToken = null;
    stopped = true;
    clearTimer();
    o.save(null).catch((err: unknown) => o.log.warn(`Forgetting the refresh token failed: ${String(err)}`));
    o.onEnded(reason);
  };

  const doRefresh = async (): Promise<string | null> => {
    const presented = refreshToken;
    if (stopped || presented === null) return null;
    let res: client.TokenEndpointResponse;
    try {
      res = await client.refreshTokenGrant(o.config, presented);
    } catch (err) {
      const failure = classifyOAuthFailure(err, 'POST token endpoint (refresh)');
      if (stopped) return null;
      if (failure.kind === 'refused') {
        end(failure.code);
        return null;
      }
      // Offline or the service in trouble: the sign-in stands; try again later (and at the next request).
      at(o.now() + retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      throw failure.error;
    }
    retryMs = RETRY_FIRST_MS;
    // Rotation: the presented token is spent now; the answer's is the one to keep (and to revoke).
    refreshToken = res.refresh_token ?? presented;
    if (stopped) return null;
    accept(res.access_token, res.expires_in);
    if (refreshToken !== presented)
      await o
        .save(refreshToken)
        .catch((err: unknown) => o.log.warn(`Keeping the renewed refresh token failed: ${String(err)}`));
    return res.access_token;
  };

  const refresh = (): Promise<string | null> =>
    (refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    }));

  if (o.access) accept(o.access.token, o.access.expiresInSeconds);

  return {
    async current() {
      if (stopped) return null;
      const a = access;
      if (a && (a.expiresAt === null || o.now() < a.expiresAt)) return a.token;
      return refresh();
    },
    peek: () => (stopped ? null : (access?.token ?? null)),
    async renew(refused) {
      if (stopped) return false;
      if (access && access.token !== refused) return true;
      access = null;
      return (await refresh()) !== null;
    },
    async revoke() {
      stopped = true;
      clearTimer();
      // A rotation under way decides which refresh token is the live one.
      await refreshing?.catch(() => null);
      const token = refreshToken;
      access = null;
      refreshToken = null;
      if (token === null) return;
      o.config.timeout = REVOCATION_TIMEOUT_SECONDS;
      try {
        await client.tokenRevocation(o.config, token, { token_type_hint: 'refresh_token' });
      } catch (err) {
        const failure = classifyOAuthFailure(err, 'POST revocation endpoint');
        o.log.warn(`The service could not be told of the sign-out: ${describeOAuthFailure(failure)}`);
      }
    },
    stop() {
      stopped = true;
      clearTimer();
    },
  };
}
