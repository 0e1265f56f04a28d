import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt's defaults (N=2^14, r=8, p=1) and a 16-byte salt: the OWASP password storage floor. */
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export interface PasswordHash {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** A fresh random password: 20 characters a person can type from the ready line. */
export const newPassword = (): string => randomBytes(15).toString('base64url');

export function hashPassword(password: string): PasswordHash {
  const salt = randomBytes(SALT_BYTES);
  return { salt, hash: scryptSync(password.normalize('NFC'), salt, KEY_BYTES) };
}

/** Constant time; scrypt runs off the event loop, so a burst of sign-ins does not stall the service. */
export async function passwordMatches(stored: PasswordHash, presented: string): Promise<boolean> {
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scrypt(presented.normalize('NFC'), stored.salt, KEY_BYTES, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
  return timingSafeEqual(hash, stored.hash);
}
