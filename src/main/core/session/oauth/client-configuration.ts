import * as client from 'openid-client';
import { MIB, withBodyLimit } from '../../api/body-limit';
import { carriesTokenSafely, isLoopbackHost } from '../../../../shared/ipc/secure-transport';
import { SignInError } from '../sign-in-error';
import { DESKTOP_CLIENT_ID, OAUTH_TIMEOUT_SECONDS } from './desktop-client';

export interface ClientTransport {
  /** The core's fetch (tests record or redirect it); the global one otherwise. */
  readonly fetch?: typeof fetch;
}

/** The authorization server's endpoints the app uses: the token, the sign-in page and the refresh token travel to them. */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint'] as const;

/**
 * The most an answer of the authorization server may be. Its metadata, keys and token answers are a few
 * kilobytes; openid-client reads each whole, in main's memory.
 */
const OAUTH_MAX_BODY_BYTES = MIB;

/** openid-client's options for a request: our fetch, plain http only to a loopback issuer. */
export function transportOptions(issuer: URL, transport: ClientTransport): client.DiscoveryRequestOptions {
  const doFetch = transport.fetch ?? fetch;
  return {
    timeout: OAUTH_TIMEOUT_SECONDS,
    // openid-client refuses http:// unless told; we allow it only where every token may go in clear.
    execute:
      issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname) ? [client.allowInsecureRequests] : [],
    [client.customFetch]: async (url: string, init: RequestInit) =>
      withBodyLimit(
        await doFetch(url, init),
        OAUTH_MAX_BODY_BYTES,
        `${init.method ?? 'GET'} ${new URL(url).pathname}`,
      ),
  };
}

/** The server's endpoints, where the sign-in page, the code and the tokens go: TLS, or plain on loopback. */
export function checkServerEndpoints(metadata: client.ServerMetadata): void {
  for (const field of ENDPOINTS) {
    const url = metadata[field];
    if (typeof url === 'string' && !carriesTokenSafely(url))
      throw new SignInError(
        'bad_service',
        `The service's sign-in metadata names a plain http:// ${field.replace(/_/g, ' ')} on another computer; Fleetdesk does not send tokens there.`,
      );
  }
}

/** The app as a public client of this server (no secret: RFC 8252 §8.4), from metadata kept since sign-in. */
export function clientConfiguration(
  metadata: client.ServerMetadata,
  transport: ClientTransport,
): client.Configuration {
  checkServerEndpoints(metadata);
  const config = new client.Configuration(metadata, DESKTOP_CLIENT_ID, undefined, client.None());
  const options = transportOptions(new URL(metadata.issuer), transport);
  config.timeout = options.timeout;
  const customFetch = options[client.customFetch];
  if (customFetch) config[client.customFetch] = customFetch;
  for (const extension of options.execute ?? []) extension(config);
  return config;
}
