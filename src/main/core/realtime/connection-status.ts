import type { ChannelStatus, ConnectionStatus } from '../../../shared/ipc/views';
import type { RealtimeChannel } from './realtime';

export interface ConnectionTracker {
  get(): ConnectionStatus;
  /** The last REST call reached the service (or not). Fires on every request: only changes are told. */
  reachability(online: boolean): void;
  channel(channel: RealtimeChannel, status: ChannelStatus): void;
  /** Signed out: no channels, service unknown. */
  reset(): void;
}

/** ConnectionStatus for the UI, pushed as 'connection.changed' when it changes. */
export function createConnectionTracker(
  onChanged: (status: ConnectionStatus, wentOnline: boolean) => void,
  now: () => number = Date.now,
): ConnectionTracker {
  const idle = (): ChannelStatus => ({ state: 'initialized', reason: null, since: now() });
  let status: ConnectionStatus = { service: 'unknown', lastOnlineAt: null, live: idle(), reports: idle() };

  return {
    get: () => status,
    reachability(online) {
      const service = online ? 'online' : 'offline';
      const wentOnline = online && status.service !== 'online';
      // lastOnlineAt is refreshed silently: pushing on every request would flood the renderer.
      const changed = status.service !== service;
      status = { ...status, service, lastOnlineAt: online ? now() : status.lastOnlineAt };
      if (changed) onChanged(status, wentOnline);
    },
    channel(channel, s) {
      status = channel === 'live' ? { ...status, live: s } : { ...status, reports: s };
      onChanged(status, false);
    },
    reset() {
      status = { service: 'unknown', lastOnlineAt: status.lastOnlineAt, live: idle(), reports: idle() };
      onChanged(status, false);
    },
  };
}
