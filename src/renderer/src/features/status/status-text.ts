import type { ChannelState, ConnectionStatus, FeedStatus } from '../../../../shared/ipc';
import type { DisplayFormat } from '../../layout/format/display-format';

export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

/** One indicator of the status bar: what it is about, its state in words, and what it means. */
export interface Indicator {
  readonly label: string;
  readonly value: string;
  readonly tone: Tone;
  /** The tooltip: what the indicator tells, then its reason when there is one. */
  readonly title: string;
}

const SERVICE_WORDS: Readonly<Record<ConnectionStatus['service'], { value: string; tone: Tone }>> = {
  online: { value: 'answering', tone: 'ok' },
  offline: { value: 'not reachable', tone: 'bad' },
  unknown: { value: 'not checked yet', tone: 'muted' },
};

/** Whether the fleet service answers (the last request reached it). */
export function serviceIndicator(status: ConnectionStatus | null): Indicator {
  const words = SERVICE_WORDS[status?.service ?? 'unknown'];
  return {
    label: 'Service',
    ...words,
    title: 'Whether the fleet service answers Fleetdesk’s requests (lists, history, reports).',
  };
}

/** Whether vehicles' positions arrive as they happen: the one feed state main derives. */
export function liveIndicator(status: ConnectionStatus | null, now: number, fmt: DisplayFormat): Indicator {
  const feed = status?.feed;
  const title = 'Whether vehicles’ positions reach the map as they happen.';
  if (feed?.state === 'live') return { label: 'Live positions', value: 'coming in', tone: 'ok', title };
  if (feed?.state === 'down')
    return {
      label: 'Live positions',
      value: feed.lastLiveAt === null ? 'not coming in' : `stopped at ${fmt.moment(feed.lastLiveAt, now)}`,
      tone: 'bad',
      title: feed.reason ? `${title} ${feed.reason}` : title,
    };
  return { label: 'Live positions', value: 'connecting…', tone: 'warn', title };
}

const REPORT_WORDS: Readonly<Record<ChannelState, { value: string; tone: Tone }>> = {
  initialized: { value: 'connecting…', tone: 'warn' },
  connecting: { value: 'connecting…', tone: 'warn' },
  connected: { value: 'instant', tone: 'ok' },
  // docs/architecture.md §3: polling every 3 s stands in while the reports socket is down.
  unavailable: { value: 'checked every few seconds', tone: 'warn' },
  failed: { value: 'checked every few seconds', tone: 'warn' },
  disconnected: { value: 'checked every few seconds', tone: 'muted' },
};

/** How soon a finished report shows: instantly over its channel, or by polling while that is down. */
export function reportsIndicator(status: ConnectionStatus | null): Indicator {
  const reports = status?.reports;
  const title = 'How soon Fleetdesk learns that a report is ready.';
  return {
    label: 'Report updates',
    ...REPORT_WORDS[reports?.state ?? 'initialized'],
    title: reports?.reason ? `${title} ${reports.reason}` : title,
  };
}

/** The map's markers show last known positions: the feed is down. */
export const isStale = (feed: FeedStatus | null | undefined): boolean => feed?.state === 'down';

/**
 * The one banner (docs/interface-decisions.md "Live feed state"): shown while the feed is down, it says since
 * when positions are not live and why; it never contradicts the status bar, which reads the same state.
 * A moment, not an age: an alert that changed every second would be read out every second.
 */
export function feedBannerText(
  status: ConnectionStatus | null,
  now: number,
  fmt: DisplayFormat,
): string | null {
  const feed = status?.feed;
  if (!status || !feed || feed.state !== 'down') return null;
  const offline = status.service === 'offline' ? 'Offline — ' : '';
  const stopped =
    feed.lastLiveAt === null
      ? `${offline ? 'no' : 'No'} live positions yet`
      : `${offline ? 'live' : 'Live'} positions stopped at ${fmt.moment(feed.lastLiveAt, now)}`;
  return `${offline}${stopped}. ${feed.reason ?? ''}`.trim();
}

/**
 * What the status bar adds in words beside its lamps: the reports channel's reason while it is not live.
 * The live feed's reason is the banner's (one place says it).
 */
export function channelReason(status: ConnectionStatus | null): string | null {
  if (!status || isStale(status.feed)) return null;
  if (status.reports.state !== 'connected' && status.reports.reason) return status.reports.reason;
  return null;
}
