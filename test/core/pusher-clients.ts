import Pusher from 'pusher-js';

const authorizationOf = (p: Pusher): unknown => {
  const auth: unknown = p.options.channelAuthorization;
  if (typeof auth !== 'object' || auth === null || !('headers' in auth)) return null;
  const headers: unknown = auth.headers;
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
