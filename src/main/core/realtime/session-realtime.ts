import type { LivePosition } from '../../../shared/ipc/views';
import type { Connection } from '../session/connection';
import type { Session } from '../session/session';
import type { AlarmEvent } from './alarm-event';
import type { ConnectionTracker } from './connection-status';
import { startRealtime, type Realtime, type RealtimeChannel } from './realtime';
import type { ReportEvent } from './report-event';

export interface SessionRealtimeOptions {
  readonly session: Pick<Session, 'connection' | 'view'>;
  readonly connection: ConnectionTracker;
  onLivePositions(positions: LivePosition[]): void;
  onReportEvent(event: ReportEvent): void;
  onAlarmEvent(event: AlarmEvent): void;
  /** A channel is subscribed (first connect or reconnect): fetch again what may have been missed. */
  reconcile(channel: RealtimeChannel): Promise<void>;
  readonly now: () => number;
  readonly log: { warn(message: string): void };
}

export interface SessionRealtime {
  /**
   * After every session change: one realtime pair per usable connection; a new connection or
   * sign-out replaces it. A renewed token is not a change: the pair asks for the token at each
   * channel authorization, so its sockets stay open across refreshes.
   */
  sync(): void;
  /** The reports channel is subscribed: events flow, polling may rest. */
  reportsLive(): boolean;
  stop(): void;
}

/** The realtime pair (realtime.ts) that follows the session's connection. */
export function createSessionRealtime(o: SessionRealtimeOptions): SessionRealtime {
  let realtime: Realtime | null = null;
  let following: Connection | null = null;

  const stop = (): void => {
    realtime?.stop();
    realtime = null;
    following = null;
  };

  const start = (c: Connection): void => {
    realtime = startRealtime({
      endpoints: c.endpoints,
      token: () => c.tokens.peek(),
      renew: async (token) => token !== null && (await c.tokens.renew(token)),
      now: o.now,
      log: o.log,
      onLivePositions: (positions) => o.onLivePositions(positions),
      onReportEvent: (e) => o.onReportEvent(e),
      onAlarmEvent: (e) => o.onAlarmEvent(e),
      onStatus: (channel, status) => o.connection.channel(channel, status),
      // The session turns to "needs sign-in", which stops this pair (sync above).
      onUnauthorized: () => c.refused(),
      // Architecture.md §3: events sent while we were away are gone; the state is fetched again.
      onSubscribed(channel) {
        o.reconcile(channel).catch((err: unknown) =>
          o.log.warn(`Reconciliation of ${channel} failed: ${String(err)}`),
        );
      },
    });
  };

  return {
    sync() {
      const c = o.session.connection();
      // After a 401 nothing is sent until the user signs in again.
      const next = c && !o.session.view().needsSignIn ? c : null;
      if (next === following) return;
      stop();
      following = next;
      // The previous pair's states are not this one's: the channels start over from "initialized".
      o.connection.reset();
      if (next === null) return;
      // A grant restored from the keychain has no access token yet: get one before the first
      // authorization rather than be refused once. Offline, start anyway: pusher-js retries.
      next.tokens
        .current()
        .catch(() => null)
        .then(() => {
          if (following === next && realtime === null) start(next);
        })
        .catch((err: unknown) => o.log.warn(`Live updates could not start: ${String(err)}`));
    },
    reportsLive: () => realtime?.status('reports').state === 'connected',
    stop,
  };
}
