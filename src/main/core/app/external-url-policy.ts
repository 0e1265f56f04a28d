import type { ServiceEndpoints } from '../session/service-endpoints';

/**
 * What may leave the app for the system browser: one policy for the core's
 * `app.openExternal` and the Electron shell's `shell.openExternal` and
 * `window.open` (Electron security checklist: "Do not use openExternal with
 * untrusted content").
 * - https anywhere: the browser checks the certificate, and links to
 *   tracking pages, maps and documentation are what the app hands out.
 * - Never with credentials in the address (`https://user:pass@host`): they
 *   would land in the browser's history, and `https://fleet.example@evil.example`
 *   shows a trusted name for a foreign host.
 * - Plain http only to the signed-in service's own pages: the local fleet
 *   service serves its tracking pages over http on loopback; any other http
 *   page can be read or changed on the way, and "localhost" could be any
 *   program on the machine.
 * - Nothing else: file:, javascript: and custom schemes run things locally.
 */
export function externalUrlProblem(raw: string, serviceOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid address';
  }
  if (url.username || url.password) return 'addresses with credentials are not opened';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && serviceOrigins.includes(url.origin)) return null;
  if (url.protocol === 'http:') return 'plain http is opened only for the signed-in service’s own pages';
  return `${url.protocol} addresses are not opened, only https`;
}

/** The origins whose plain-http pages may be opened: the signed-in service's (spec 2.1 endpoints). */
export function serviceOriginsOf(
  endpoints: Pick<ServiceEndpoints, 'base_url' | 'api_url' | 'tracking_url'>,
): string[] {
  return [endpoints.tracking_url, endpoints.api_url, endpoints.base_url].map((u) => new URL(u).origin);
}

/** An address the policy refuses, as the caller sees it: the address field and why. */
export class RefusedUrlError extends Error {
  constructor(
    readonly url: string,
    readonly problem: string,
  ) {
    super(`${url.slice(0, 100)} was not opened: ${problem}.`);
    this.name = 'RefusedUrlError';
  }
}

/** The address as the browser should get it, or RefusedUrlError. */
export function checkExternalUrl(raw: string, serviceOrigins: readonly string[]): string {
  const problem = externalUrlProblem(raw, serviceOrigins);
  if (problem !== null) throw new RefusedUrlError(raw, problem);
  return new URL(raw).toString();
}
