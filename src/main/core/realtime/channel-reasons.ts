import type { ChannelStatus, ConnectionStatus } from '../../../shared/ipc/views';

const UNAVAILABLE_REASON =
  'The service cannot be reached right now; Fleetdesk keeps trying and checks for updates every few seconds meanwhile.';

/** Why a channel is not connected, in words an operator understands (ChannelStatus.reason). */
export function connectionReason(state: 'connecting' | 'unavailable' | 'failed' | 'disconnected'): string {
  switch (state) {
    case 'connecting':
      return 'The connection was lost; reconnecting.';
    case 'unavailable':
      return UNAVAILABLE_REASON;
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

/**
 * A channel's reason as told beside the service's own state: pusher-js stays 'unavailable' through its
 * back-off for a while after the service answers again, and "cannot be reached" beside "answering" would
 * say two things at once.
 */
export function reasonBesideService(
  channel: ChannelStatus,
  service: ConnectionStatus['service'],
): ChannelStatus {
  if (service !== 'online' || channel.reason !== UNAVAILABLE_REASON) return channel;
  return { ...channel, reason: 'The service answers again; this connection is being re-established.' };
}

/**
 * Why live positions are not coming in (FeedStatus.reason): the service first, then the live channel.
 * `answered`: the service answered a request after the feed went down (before that, "online" is old news).
 */
export function feedDownReason(
  service: ConnectionStatus['service'],
  live: ChannelStatus,
  answered: boolean,
): string {
  if (service === 'offline')
    return 'The service cannot be reached: the map shows where each vehicle was last seen.';
  if (live.state === 'failed' && live.reason) return live.reason;
  if (service === 'online' && answered)
    return 'The service answers, but live positions have not resumed yet: the map shows where each vehicle was last seen.';
  return 'The connection to the service was lost; reconnecting. The map shows where each vehicle was last seen.';
}
