import type { Provider } from 'oidc-provider';
import type { Account, ServiceUser } from '../accounts/account';
import { userOf } from './authorization-server';
import { API_SCOPE } from './desktop-client';

/**
 * The user an opaque access token stands for, checked through
 * oidc-provider's own models as its resource endpoints check one
 * (lib/shared/access_token.js): the token is stored and not expired, its
 * grant still exists (a revoked sign-in or a reused refresh token deletes
 * both) and names the same client and user. On top: the token must carry the
 * API scope. No token here is sender-constrained (DPoP and mTLS are off), so
 * a token that claims to be is refused rather than accepted without its proof.
 */
export async function userForAccessToken(
  provider: Provider,
  account: Account,
  token: string,
): Promise<ServiceUser | null> {
  const accessToken = await provider.AccessToken.find(token);
  if (!accessToken || accessToken.isExpired || !accessToken.scopes.has(API_SCOPE)) return null;
  if (accessToken.jkt !== undefined || accessToken['x5t#S256'] !== undefined) return null;
  if (typeof accessToken.grantId !== 'string' || typeof accessToken.accountId !== 'string') return null;
  const grant = await provider.Grant.find(accessToken.grantId, { ignoreExpiration: true });
  if (!grant || grant.isExpired) return null;
  if (grant.clientId !== accessToken.clientId || grant.accountId !== accessToken.accountId) return null;
  return userOf(account, accessToken.accountId);
}
