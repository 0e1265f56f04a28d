import type { ChannelState, ConnectionStatus } from '../../../../shared/ipc';
import { formatAge } from '../assets/age-format';

export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

export function channelTone(state: ChannelState): Tone {
  if (state === 'connected') return 'ok';
  if (state === 'connecting' || state === 'initialized') return 'warn';
  if (state === 'disconnected') return 'muted';
  return 'bad';
}

const CHANNEL_WORDS: Readonly<Record<ChannelState, string>> = {
  initialized: 'starting',
  connecting: 'connecting…',
  connected: 'live',
  unavailable: 'unavailable, retrying',
  failed: 'failed',
  disconnected: 'off',
};

export function channelText(state: ChannelState): string {
  return CHANNEL_WORDS[state];
}

/**
 * The banner never lies about freshness: offline it says how old the data is,
 * measured from the last time the service answered.
 */
export function offlineBannerText(status: ConnectionStatus | null, now: number): string | null {
  if (!status || status.service !== 'offline') return null;
  if (status.lastOnlineAt === null)
    return 'Offline — the service has not been reached yet; showing cached data';
  return `Offline — showing cached data from ${formatAge(status.lastOnlineAt, now)}`;
}

/**
 * Why a channel is not live, for the status bar: the live channel's reason
 * first (it moves the map), else the reports channel's. Null while both are live.
 */
export function channelReason(status: ConnectionStatus | null): string | null {
  if (!status) return null;
  if (status.live.state !== 'connected' && status.live.reason) return status.live.reason;
  if (status.reports.state !== 'connected' && status.reports.reason) return status.reports.reason;
  return null;
}
