import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { SignInError } from '../sign-in-error';
import { SIGN_IN_SCOPE } from './desktop-client';
import { failedPage, signedInPage } from './loopback-pages';
import { openLoopbackReceiver } from './loopback-receiver';
import { classifyOAuthFailure } from './oauth-failure';

export type GrantedTokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

export interface BrowserAuthorizationOptions {
  readonly config: client.Configuration;
  /**
   * Shows the authorization page to the operator: the system browser (RFC 8252 §6), or for the
   * Demo profile its own user agent. Called once; the session may call it again with the same URL.
   */
  open(url: string): Promise<void>;
  /** Aborted when the operator cancels, starts another sign-in, or waits too long. */
  readonly signal: AbortSignal;
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** What the browser brought back that is not a code, in words for the operator (RFC 6749 §4.1.2.1). */
function refusalOf(params: URLSearchParams): string {
  const error = params.get('error') ?? '';
  if (error === 'access_denied') return 'The sign-in was cancelled or Fleetdesk was not allowed.';
  const description = params.get('error_description');
  return `The service did not sign you in (${error}${description ? `: ${description.slice(0, 200)}` : ''}).`;
}

/**
 * RFC 8252's authorization code flow for a native app, with openid-client
 * doing the protocol: PKCE S256 (RFC 7636) and a random `state`, the
 * authorization page opened outside the app, the answer on a one-shot
 * loopback listener, the code exchanged for tokens (the library checks
 * state, `iss` (RFC 9207) and the ID token). The browser is told how it
 * ended on the same page. The code and tokens go nowhere but here.
 */
export async function authorizeInBrowser(o: BrowserAuthorizationOptions): Promise<GrantedTokens> {
  const receiver = await openLoopbackReceiver(o.signal);
  try {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(o.config, {
      redirect_uri: receiver.redirectUri,
      scope: SIGN_IN_SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      // OpenID Connect Core §11: offline_access yields a refresh token only with prompt=consent.
      prompt: 'consent',
    });
    // Not awaited before the answer: the demo's stand-in for a browser only returns once the
    // loopback page has come back, which is after the answer. A browser that cannot open ends it.
    const notOpened = o.open(url.href).then(
      () => new Promise<never>(() => undefined),
      (err: unknown) => {
        throw new SignInError(
          'cancelled',
          `The sign-in page could not be opened (${err instanceof Error ? err.message : String(err)}).`,
        );
      },
    );
    const answer = await Promise.race([receiver.answer, notOpened]);
    const params = answer.url.searchParams;
    // RFC 6749 §10.12: an answer with another state is not this sign-in's (another tab, a forged link).
    if (!sameText(params.get('state') ?? '', state)) {
      answer.reply(failedPage('This answer does not belong to the sign-in Fleetdesk started.'));
      throw new SignInError(
        'refused',
        'The browser came back with an answer that does not belong to this sign-in; nothing was kept. Sign in again.',
      );
    }
    if (params.has('error')) {
      const message = refusalOf(params);
      answer.reply(failedPage(message));
      throw new SignInError('refused', message);
    }
    try {
      const tokens = await client.authorizationCodeGrant(o.config, answer.url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      answer.reply(signedInPage());
      return tokens;
    } catch (err) {
      const failure = classifyOAuthFailure(err, 'POST token endpoint');
      const error =
        failure.kind === 'refused'
          ? new SignInError(
              'refused',
              `The service did not accept the sign-in (${failure.code}). Sign in again.`,
            )
          : failure.error;
      answer.reply(failedPage(error.message, failure.kind === 'transient' ? 502 : 400));
      throw error;
    }
  } finally {
    await receiver.close();
  }
}
