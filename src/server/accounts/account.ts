import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPassword, passwordMatches, type PasswordHash } from './password-hash';

export interface ServiceUser {
  readonly id: number;
  readonly name: string;
  /** What the user types on the sign-in page (docs/interface-decisions.md, "Sign-in (OAuth 2.0)"). */
  readonly username: string;
  readonly email: string;
  /** null: every asset of the account. */
  readonly assetIds: readonly number[] | null;
}

export interface IssuedUser extends ServiceUser {
  readonly token: string;
  readonly password: string;
}

export interface Account {
  readonly key: string;
  readonly name: string;
  readonly users: readonly ServiceUser[];
  /** The user a static bearer token belongs to, or null. Constant time per stored hash; only hashes are kept. */
  authenticate(token: string): ServiceUser | null;
  /** The user whose user name or e-mail (any case) and password these are, or null. Only scrypt hashes are kept. */
  signIn(login: string, password: string): Promise<ServiceUser | null>;
  userById(id: number): ServiceUser | null;
  canAccess(user: ServiceUser, assetId: number): boolean;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

export const newToken = (): string => randomBytes(30).toString('base64url');

/** A hash to compare against when no user has the name given, so a wrong name takes as long as a wrong password. */
const NOBODY: PasswordHash = hashPassword(randomBytes(16).toString('hex'));

/**
 * Spec 5 leaves how a token is obtained open: the local service issues one
 * per user at start (or takes them from the options, so a restart in a test
 * keeps them) and prints them in its ready line; the same goes for the
 * passwords of the OAuth sign-in page.
 */
export function createAccount(key: string, name: string, users: readonly IssuedUser[]): Account {
  const entries = users.map((u) => ({
    user: stripSecrets(u),
    tokenHash: sha256(u.token),
    password: hashPassword(u.password),
  }));
  const byLogin = (login: string): (typeof entries)[number] | undefined => {
    const wanted = login.trim().toLowerCase();
    return entries.find(
      (e) => e.user.username.toLowerCase() === wanted || e.user.email.toLowerCase() === wanted,
    );
  };
  return {
    key,
    name,
    users: entries.map((e) => e.user),
    authenticate(token) {
      const presented = sha256(token);
      let found: ServiceUser | null = null;
      for (const e of entries) if (timingSafeEqual(presented, e.tokenHash)) found = e.user;
      return found;
    },
    async signIn(login, password) {
      const entry = byLogin(login);
      const matches = await passwordMatches(entry?.password ?? NOBODY, password);
      return entry && matches ? entry.user : null;
    },
    userById(id) {
      return entries.find((e) => e.user.id === id)?.user ?? null;
    },
    canAccess(user, assetId) {
      return user.assetIds === null || user.assetIds.includes(assetId);
    },
  };
}

function stripSecrets(u: IssuedUser): ServiceUser {
  return { id: u.id, name: u.name, username: u.username, email: u.email, assetIds: u.assetIds };
}
