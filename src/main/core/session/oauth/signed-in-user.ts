import { z } from 'zod';
import { SignInError } from '../sign-in-error';
import type { GrantedTokens } from './browser-authorization';

/**
 * Who signed in, from the ID token openid-client has checked (issuer,
 * audience, expiry): `sub` is the user id of the reports channel (spec 6.1),
 * `account_key` the account of `/api/{account}` (docs/interface-decisions.md,
 * "Sign-in (OAuth 2.0)").
 */
const claimsSchema = z.looseObject({
  sub: z.string().regex(/^[1-9]\d{0,9}$/, 'must be the user id, a positive whole number'),
  account_key: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200).optional(),
  preferred_username: z.string().trim().min(1).max(200).optional(),
});

export interface SignedInUser {
  readonly id: number;
  readonly name: string;
  readonly accountKey: string;
}

export function signedInUserOf(tokens: GrantedTokens): SignedInUser {
  const parsed = claimsSchema.safeParse(tokens.claims());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SignInError(
      'bad_service',
      `The service signed you in but did not say who you are as Fleetdesk needs it (${issue?.path.join('.') || 'ID token'}: ${issue?.message ?? 'missing'}).`,
    );
  }
  const c = parsed.data;
  return {
    id: Number(c.sub),
    name: c.name ?? c.preferred_username ?? `User ${c.sub}`,
    accountKey: c.account_key,
  };
}
