import * as client from 'openid-client';
import { z } from 'zod';
import { SignInError } from '../sign-in-error';
import { checkServerEndpoints, transportOptions, type ClientTransport } from './client-configuration';
import { DESKTOP_CLIENT_ID } from './desktop-client';
import { apiErrorWithin, classifyOAuthFailure } from './oauth-failure';

/**
 * The metadata member our service adds (RFC 8414 §2 allows more members):
 * the addresses of the spec's introduction and the Pusher app key, so an
 * address is all the operator types (docs/interface-decisions.md, "Sign-in (OAuth 2.0)").
 */
const fleetServiceSchema = z.object({
  base_url: z.url({ protocol: /^https?$/ }),
  ws_url: z.url({ protocol: /^wss?$/ }),
  api_url: z.url({ protocol: /^https?$/ }),
  api_ws_url: z.url({ protocol: /^wss?$/ }),
  tracking_url: z.url({ protocol: /^https?$/ }),
  app_key: z.string().trim().min(1).max(200),
});
export type FleetServiceAddresses = z.infer<typeof fleetServiceSchema>;

export interface DiscoveredIssuer {
  readonly config: client.Configuration;
  /** As the service served it: kept, so a restart builds the same client without asking again. */
  readonly metadata: client.ServerMetadata;
  readonly service: FleetServiceAddresses;
}

/** RFC 8414 first; OpenID Connect Discovery 1.0 for a server that publishes only that. */
const ALGORITHMS = [
  { algorithm: 'oauth2', path: '/.well-known/oauth-authorization-server' },
  { algorithm: 'oidc', path: '/.well-known/openid-configuration' },
] as const;

/** openid-client's codes for "what is there is not metadata": a 404, an HTML page, a JSON of something else. */
const NOT_METADATA = new Set([
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_PARSE_ERROR',
  'OAUTH_INVALID_RESPONSE',
]);

const UNSUPPORTED =
  'This service offers no sign-in through the browser. Sign in with an access token instead (More options).';

/**
 * The authorization server at the service's address, by its metadata
 * (openid-client checks that the metadata names this exact issuer, RFC 8414
 * §3.3). No metadata at either address: SignInError 'unsupported' (the token
 * form is the fallback). No answer: ApiError offline or timeout.
 */
export async function discoverIssuer(address: string, transport: ClientTransport): Promise<DiscoveredIssuer> {
  const issuer = new URL(address);
  let config: client.Configuration | null = null;
  for (const { algorithm, path } of ALGORITHMS) {
    try {
      config = await client.discovery(issuer, DESKTOP_CLIENT_ID, undefined, client.None(), {
        ...transportOptions(issuer, transport),
        algorithm,
      });
      break;
    } catch (err) {
      // An answer cut off at its byte limit is a failure to say, not "no metadata here".
      const ours = apiErrorWithin(err);
      if (ours) throw ours;
      if (err instanceof client.ClientError && err.code !== undefined && NOT_METADATA.has(err.code)) continue;
      if (err instanceof client.ClientError && err.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
        throw new SignInError(
          'bad_service',
          `The sign-in metadata at ${issuer.origin} belongs to another address; type the service's own address.`,
        );
      const failure = classifyOAuthFailure(err, `GET ${path}`);
      throw failure.kind === 'refused' ? new SignInError('unsupported', UNSUPPORTED) : failure.error;
    }
  }
  if (!config) throw new SignInError('unsupported', UNSUPPORTED);

  const metadata = config.serverMetadata();
  checkServerEndpoints(metadata);
  // RFC 9700 §2.1.1: PKCE for every code; S256 only (RFC 7636 §7.2: plain protects nothing here).
  if (!metadata.supportsPKCE('S256'))
    throw new SignInError('unsupported', `${UNSUPPORTED} (Its sign-in does not offer PKCE with S256.)`);
  const service = fleetServiceSchema.safeParse(metadata.fleetdesk_service);
  if (!service.success)
    throw new SignInError(
      'unsupported',
      "This service's sign-in does not tell Fleetdesk the addresses of its fleet and report interfaces. Sign in with an access token instead (More options).",
    );
  return { config, metadata: { ...metadata }, service: service.data };
}
