import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientConfiguration } from '../../../../src/main/core/session/oauth/client-configuration';
import { createOAuthTokens, type OAuthTokens } from '../../../../src/main/core/session/oauth/oauth-tokens';

const ISSUER = 'https://login.example';

/** A token endpoint that answers every refresh with a fresh pair living `expiresIn` seconds. */
function tokenEndpoint(expiresIn: number): { fetch: typeof fetch; refreshes: () => number } {
  let n = 0;
  return {
    refreshes: () => n,
    fetch: async () => {
      n++;
      return Response.json({
        access_token: `access-${n}`,
        token_type: 'Bearer',
        expires_in: expiresIn,
        refresh_token: `refresh-${n}`,
      });
    },
  };
}

describe('an OAuth grant whose token lifetime is out of the ordinary', () => {
  let tokens: OAuthTokens | null = null;
  // Fake timers keep setTimeout's own limit (a wait past 2^31 - 1 ms fires after 1 ms), the overflow at issue.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    tokens?.stop();
    vi.useRealTimers();
  });

  const grant = (expiresIn: number, endpoint: { fetch: typeof fetch }): OAuthTokens =>
    createOAuthTokens({
      config: clientConfiguration({ issuer: ISSUER, token_endpoint: `${ISSUER}/token` }, endpoint),
      access: { token: 'access-0', expiresInSeconds: expiresIn },
      refreshToken: 'refresh-0',
      save: async () => undefined,
      onEnded: () => undefined,
      now: Date.now,
      log: { warn: () => undefined },
    });

  it.each([
    ['90 days', 90 * 86_400, 0],
    ['no time at all', 0, 10],
  ])('living %s, is renewed at most once a second, not over and over', async (_what, expiresIn, most) => {
    const endpoint = tokenEndpoint(expiresIn);
    tokens = grant(expiresIn, endpoint);
    await vi.advanceTimersByTimeAsync(999);
    expect(endpoint.refreshes()).toBe(0);
    expect(tokens.peek()).toBe('access-0');
    await vi.advanceTimersByTimeAsync(9_001);
    expect(endpoint.refreshes()).toBeLessThanOrEqual(most);
  });
});
