/** Why a channel is not connected, in words an operator understands (ChannelStatus.reason). */
export function connectionReason(state: 'connecting' | 'unavailable' | 'failed' | 'disconnected'): string {
  switch (state) {
    case 'connecting':
      return 'The connection was lost; reconnecting.';
    case 'unavailable':
      return 'The service cannot be reached right now; Fleetdesk keeps trying and checks for updates every few seconds meanwhile.';
    case 'failed':
      return 'This system cannot open a WebSocket connection to the service.';
    case 'disconnected':
      return 'Disconnected.';
  }
}

/** pusher-js passes `{type, error, status}` for a refused channel authorization. */
const statusOf = (err: unknown): number | null =>
  typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number'
    ? err.status
    : null;

/** docs/architecture.md §3: a 401 from the auth endpoint is a 401 like any other; the session needs a new sign-in. */
export const isRefusedToken = (err: unknown): boolean => statusOf(err) === 401;

export function subscriptionFailureReason(err: unknown): string {
  const status = statusOf(err);
  if (status === 401) return 'The service refused the access token for live updates (401); sign in again.';
  if (status === 403) return 'This account may not receive these updates (403).';
  if (status === null || status === 0)
    return 'The service could not authorize the live channel (no answer); retrying on reconnect.';
  return `The service could not authorize the live channel (HTTP ${status}).`;
}
