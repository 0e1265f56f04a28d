import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { decimalInteger } from '../../shared/interface';

/**
 * Spec 2.4's pre-signed download address: HMAC-SHA256 over the report id and
 * the expiry (epoch seconds), with the service's secret. Anyone holding the
 * address may fetch the file until it expires; no bearer token is needed.
 */
export interface SignedUrl {
  readonly url: string;
  readonly expiresAtMs: number;
}

export const SIGNED_FILE_PATH = '/files/reports/';

/** The address's query. `expires` is epoch seconds in canonical decimal: one address, one spelling. */
export const signedFileQuerySchema = z.object({
  expires: decimalInteger({ min: 0, max: 10 ** 12 }),
  signature: z.string().describe('Hex HMAC-SHA256 of the report id and expires, with the service secret'),
});

function signature(secret: string, reportId: string, expiresS: number): Buffer {
  return createHmac('sha256', secret).update(`${reportId}\n${expiresS}`).digest();
}

export function signDownloadUrl(
  baseUrl: string,
  secret: string,
  reportId: string,
  nowMs: number,
  validityMs: number,
): SignedUrl {
  const expiresS = Math.floor((nowMs + validityMs) / 1000);
  const sig = signature(secret, reportId, expiresS).toString('hex');
  return {
    url: `${baseUrl}${SIGNED_FILE_PATH}${encodeURIComponent(reportId)}?expires=${expiresS}&signature=${sig}`,
    expiresAtMs: expiresS * 1000,
  };
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function verifyDownloadSignature(
  secret: string,
  reportId: string,
  expiresS: number,
  sig: string,
  nowMs: number,
): SignatureCheck {
  if (!Number.isSafeInteger(expiresS) || expiresS < 0 || !/^[0-9a-f]{64}$/.test(sig)) return 'invalid';
  const expected = signature(secret, reportId, expiresS);
  // Constant time, so the signature cannot be guessed byte by byte.
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
  return expiresS * 1000 <= nowMs ? 'expired' : 'valid';
}
