/**
 * Where a connection's bearer token comes from: a pasted token, fixed for
 * the session's life, or an OAuth grant that renews it (oauth/oauth-tokens.ts).
 * Every request and every channel authorization asks again, so a renewed
 * token is used from the next one on, without reconnecting anything.
 */
export interface AccessTokenSource {
  /** The token to send now, renewed first when it has expired; null when there is none (refused, signed out). */
  current(): Promise<string | null>;
  /** The token as of now, without waiting: pusher-js asks for its headers synchronously. */
  peek(): string | null;
  /**
   * The service refused `refused` (401). Resolves true once a different token is ready to try:
   * at once when it was renewed meanwhile, else after one renewal. A fixed token never renews.
   */
  renew(refused: string): Promise<boolean>;
}

export function fixedToken(token: string): AccessTokenSource {
  return {
    current: async () => token,
    peek: () => token,
    renew: async () => false,
  };
}
