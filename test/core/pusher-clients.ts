import Pusher from 'pusher-js';

/** The Authorization header a client sends at its next channel authorization (pusher-settings.ts's headersProvider). */
const authorizationOf = (p: Pusher): unknown => {
  const auth: unknown = p.options.channelAuthorization;
  if (typeof auth !== 'object' || auth === null || !('headersProvider' in auth)) return null;
  const provider: unknown = auth.headersProvider;
  if (typeof provider !== 'function') return null;
  const headers: unknown = provider();
  return typeof headers === 'object' && headers !== null && 'Authorization' in headers
    ? headers.Authorization
    : null;
};

/**
 * The pusher-js clients of this process that authorize with `token`, found in
 * pusher-js's own list of instances, so a test can read the library's state.
 */
export function pusherClientsWith(token: string): Pusher[] {
  return Pusher.instances.filter((p) => authorizationOf(p) === `Bearer ${token}`);
}
