import type { LivePosition } from '../../../shared/ipc/views';
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
  /** After every session change: one realtime pair per usable token; a new token or sign-out replaces it. */
  sync(): void;
  /** The reports channel is subscribed: events flow, polling may rest. */
  reportsLive(): boolean;
  stop(): void;
}

/** The realtime pair (realtime.ts) that follows the session's connection and token. */
export function createSessionRealtime(o: SessionRealtimeOptions): SessionRealtime {
  let realtime: Realtime | null = null;
  let token: string | null = null;

  const stop = (): void => {
    realtime?.stop();
    realtime = null;
    token = null;
  };

  return {
    sync() {
      const c = o.session.connection();
      // After a 401 nothing is sent until the user signs in again.
      const next = c && !o.session.view().needsSignIn ? c.token : null;
      if (next === token) return;
      stop();
      token = next;
      if (!c || next === null) {
        o.connection.reset();
        return;
      }
      realtime = startRealtime({
        endpoints: c.endpoints,
        token: next,
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
    },
    reportsLive: () => realtime?.status('reports').state === 'connected',
    stop,
  };
}
