import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ServiceUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  /** null: every asset of the account. */
  readonly assetIds: readonly number[] | null;
}

export interface IssuedUser extends ServiceUser {
  readonly token: string;
}

export interface Account {
  readonly key: string;
  readonly name: string;
  readonly users: readonly ServiceUser[];
  /** The user a bearer token belongs to, or null. Constant time per stored hash; only hashes are kept. */
  authenticate(token: string): ServiceUser | null;
  canAccess(user: ServiceUser, assetId: number): boolean;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

export const newToken = (): string => randomBytes(30).toString('base64url');

/**
 * Spec 5 leaves how a token is obtained open: the local service issues one
 * per user at start (or takes them from the options, so a restart in a test
 * keeps them) and prints them in its ready line.
 */
export function createAccount(key: string, name: string, users: readonly IssuedUser[]): Account {
  const hashes = users.map((u) => ({ user: stripToken(u), hash: sha256(u.token) }));
  return {
    key,
    name,
    users: hashes.map((h) => h.user),
    authenticate(token) {
      const presented = sha256(token);
      let found: ServiceUser | null = null;
      for (const h of hashes) if (timingSafeEqual(presented, h.hash)) found = h.user;
      return found;
    },
    canAccess(user, assetId) {
      return user.assetIds === null || user.assetIds.includes(assetId);
    },
  };
}

function stripToken(u: IssuedUser): ServiceUser {
  return { id: u.id, name: u.name, email: u.email, assetIds: u.assetIds };
}
