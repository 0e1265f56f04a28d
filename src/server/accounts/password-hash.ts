import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's defaults (N=2^14, r=8, p=1) and a 16-byte salt: the OWASP password storage floor. */
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export interface PasswordHash {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** A fresh random password: 20 characters a person can type from the ready line. */
export const newPassword = (): string => randomBytes(15).toString('base64url');

/** scrypt off the event loop (libuv's thread pool), so a burst of sign-ins does not stall the service. */
const derive = (password: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  return { salt, hash: await derive(password, salt) };
}

/** Constant time. */
export async function passwordMatches(stored: PasswordHash, presented: string): Promise<boolean> {
  return timingSafeEqual(await derive(presented, stored.salt), stored.hash);
}
