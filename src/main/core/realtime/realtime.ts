import {
  ALARM_ACKNOWLEDGED_EVENT,
  ALARM_RAISED_EVENT,
  LOCATION_UPDATED_EVENT,
  REPORT_EVENTS,
  accountChannelName,
  reportsChannelName,
} from '../../../shared/interface';
import type { ChannelStatus, LivePosition } from '../../../shared/ipc/views';
import type { ServiceEndpoints } from '../session/service-endpoints';
import { parseAlarmEvent, type AlarmEvent } from './alarm-event';
import { createChannelClient, type ChannelClient } from './channel-client';
import { eventNameSpellings } from './event-names';
import { parseLivePayload } from './live-payload';
import { liveAuthEndpoint, reportsAuthEndpoint } from './pusher-settings';
import { parseReportEvent, type ReportEvent, type ReportEventKind } from './report-event';

export type RealtimeChannel = 'live' | 'reports';

/** Where malformed payloads are reported: logged and dropped, never passed on (architecture.md §3). */
export interface RealtimeLog {
  warn(message: string): void;
}

export interface RealtimeOptions {
  readonly endpoints: ServiceEndpoints;
  /** The access token as of each channel authorization (never captured: an OAuth grant renews it). */
  readonly token: () => string | null;
  /** A channel authorization was refused (401): resolves true once a new token is ready to try. */
  renew?(token: string | null): Promise<boolean>;
  /** The positions of one live update, parsed; coalescing is the live feed's (live/live-feed.ts). */
  onLivePositions(positions: LivePosition[]): void;
  onReportEvent(event: ReportEvent): void;
  /** Our alarm events on the account channel (docs/service-interface.md §6.2), parsed. */
  onAlarmEvent?(event: AlarmEvent): void;
  onStatus(channel: RealtimeChannel, status: ChannelStatus): void;
  /** Subscribed after a (re)connect: the caller reconciles what may have been missed. */
  onSubscribed(channel: RealtimeChannel): void;
  /** A channel's authorization was refused with 401 and no new token came: that channel has stopped. */
  onUnauthorized(): void;
  readonly log?: RealtimeLog;
  readonly now?: () => number;
}

export interface Realtime {
  status(channel: RealtimeChannel): ChannelStatus;
  /** Payloads refused so far (malformed), per channel. */
  dropped(): Readonly<Record<RealtimeChannel, number>>;
  stop(): void;
}

/**
 * docs/architecture.md §3: two pusher-js clients in main, reports (spec 6.1) and live
 * positions (spec 6.2), each authorized through its own broadcasting
 * endpoint with the Bearer token of the moment.
 */
export function startRealtime(options: RealtimeOptions): Realtime {
  const { endpoints, token } = options;
  const log = options.log ?? { warn: (m: string) => console.warn(m) };
  const dropped = { live: 0, reports: 0 };
  const drop = (channel: RealtimeChannel, event: string, reason: string): void => {
    dropped[channel]++;
    // One line per bad payload would flood the log under a broken sender: the first few, then every 1000th.
    if (dropped[channel] <= 5 || dropped[channel] % 1000 === 0)
      log.warn(`Dropped a malformed ${event} payload (${reason}); ${dropped[channel]} so far.`);
  };

  type Handler = (event: string, payload: unknown) => void;
  /**
   * pusher-js calls a handler from its socket's message listener, where a throw (the cache's disk
   * full while an event is written) would end the process: the event is logged as not taken instead.
   */
  const guarded =
    (event: string, handle: Handler) =>
    (payload: unknown): void => {
      try {
        handle(event, payload);
      } catch (err) {
        log.warn(`A ${event} event could not be taken: ${err instanceof Error ? err.message : String(err)}`);
      }
    };
  /** One handler under both names of its event (event-names.ts); told which name arrived, for the log. */
  const bound = (name: string, handle: Handler): Record<string, (payload: unknown) => void> =>
    Object.fromEntries(eventNameSpellings(name).map((event) => [event, guarded(event, handle)]));

  const onLive: Handler = (event, payload) => {
    const parsed = parseLivePayload(payload);
    if (parsed.ok) options.onLivePositions(parsed.positions);
    else drop('live', event, parsed.reason);
  };

  const onAlarm =
    (kind: AlarmEvent['kind']): Handler =>
    (event, payload) => {
      const parsed = parseAlarmEvent(kind, payload);
      if (parsed.ok) options.onAlarmEvent?.(parsed.value);
      else drop('live', event, parsed.reason);
    };

  const live: ChannelClient = createChannelClient({
    appKey: endpoints.app_key,
    channel: accountChannelName(endpoints.account_key),
    wsUrl: endpoints.api_ws_url,
    authEndpoint: liveAuthEndpoint(endpoints.api_url),
    token,
    renew: options.renew,
    now: options.now,
    events: {
      ...bound(LOCATION_UPDATED_EVENT, onLive),
      ...bound(ALARM_RAISED_EVENT, onAlarm('raised')),
      ...bound(ALARM_ACKNOWLEDGED_EVENT, onAlarm('acknowledged')),
    },
    onStatus: (s) => options.onStatus('live', s),
    onSubscribed: () => options.onSubscribed('live'),
    onUnauthorized: () => options.onUnauthorized(),
  });

  const onReport =
    (kind: ReportEventKind): Handler =>
    (event, payload) => {
      const parsed = parseReportEvent(kind, payload);
      if (parsed.ok) options.onReportEvent(parsed.value);
      else drop('reports', event, parsed.reason);
    };

  const reports: ChannelClient = createChannelClient({
    appKey: endpoints.app_key,
    // spec 2.1: account_name routes the channel; we send the account key as the account name.
    channel: reportsChannelName(endpoints.account_key, endpoints.user_id),
    wsUrl: endpoints.ws_url,
    authEndpoint: reportsAuthEndpoint(endpoints.base_url),
    token,
    renew: options.renew,
    now: options.now,
    events: {
      ...bound(REPORT_EVENTS.queued, onReport('queued')),
      ...bound(REPORT_EVENTS.processing, onReport('processing')),
      ...bound(REPORT_EVENTS.completed, onReport('completed')),
      ...bound(REPORT_EVENTS.failed, onReport('failed')),
    },
    onStatus: (s) => options.onStatus('reports', s),
    onSubscribed: () => options.onSubscribed('reports'),
    onUnauthorized: () => options.onUnauthorized(),
  });

  return {
    status: (channel) => (channel === 'live' ? live : reports).status(),
    dropped: () => ({ ...dropped }),
    stop() {
      live.disconnect();
      reports.disconnect();
    },
  };
}
