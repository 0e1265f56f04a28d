import { createPrivateKey, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { ServiceLog } from '../context';
import { loadSecretFile } from '../store/secret-file';

export const OAUTH_KEYS_FILE = 'oauth-keys.json';

const rsaPrivateJwk = z.object({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
});
type RsaPrivateJwk = z.infer<typeof rsaPrivateJwk>;

const keysFile = z.object({
  jwks: z.object({ keys: z.array(rsaPrivateJwk).min(1) }),
  cookieKeys: z.array(z.string().regex(/^[0-9a-f]{64}$/)).min(1),
});

export interface OAuthKeys {
  /** The ID token signing keys (RS256: what every OpenID Connect client verifies), private parts included. */
  readonly jwks: { readonly keys: readonly RsaPrivateJwk[] };
  /** Keys of oidc-provider's signed cookies (sessions, interactions). */
  readonly cookieKeys: readonly string[];
}

function newKeys(): OAuthKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = rsaPrivateJwk.parse({
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  });
  return { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('hex')] };
}

function parseKeys(text: string): OAuthKeys | null {
  try {
    const keys = keysFile.parse(JSON.parse(text));
    // A key that parses but that node cannot load is as damaged as one that does not parse.
    for (const k of keys.jwks.keys) createPrivateKey({ key: k, format: 'jwk' });
    return keys;
  } catch {
    return null;
  }
}

/**
 * The authorization server's secrets, in `<data-dir>/oauth-keys.json`
 * (mode 0600, created once: store/secret-file.ts), so ID tokens and
 * sign-in sessions from before a restart still verify after it.
 */
export function loadOAuthKeys(dataDir: string, log: ServiceLog): OAuthKeys {
  return loadSecretFile(
    join(dataDir, OAUTH_KEYS_FILE),
    {
      holds: 'the OAuth signing and cookie keys',
      create: () => {
        const value = newKeys();
        return { value, text: JSON.stringify(value) + '\n' };
      },
      parse: parseKeys,
    },
    log,
  );
}
