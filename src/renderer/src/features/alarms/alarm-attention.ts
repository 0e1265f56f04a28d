import type { AlarmSeverity } from '../../../../shared/interface';
import type { Settings } from '../../../../shared/ipc';
import type { InboxAlarm } from '../../../../shared/ipc/alarm-views';
import type { RaisedPush } from '../../stores/alarms';
import { SEVERITY_ORDER } from './alarm-format';
import { isMuted } from './alarm-mute';

export type AttentionSettings = Pick<
  Settings,
  'alarmSounds' | 'alarmVolume' | 'alarmMuteUntil' | 'alarmNotifications'
>;

export interface AlarmNotice {
  readonly title: string;
  readonly body: string;
  /** One notice per alarm replaces an older one of the same alarm (Web Notifications `tag`). */
  readonly tag: string;
}

/** More critical alarms than this at once become one notification, not a stack of them. */
const SEPARATE_NOTIFICATIONS_MAX = 3;

/** News for the operator: raised now (not a new inbox's history) and nobody has acknowledged them yet. */
const news = (push: RaisedPush): InboxAlarm[] =>
  push.history ? [] : push.alarms.filter((a) => a.acknowledgement === null);

/**
 * The tone to play for a push (docs/architecture.md "Alarms": sounds are the
 * renderer's): the worst severity among the new alarms whose sound is on in
 * the Settings; none while muted, at volume 0, or for history.
 */
export function toneFor(push: RaisedPush, s: AttentionSettings, now: number): AlarmSeverity | null {
  if (isMuted(s, now) || s.alarmVolume <= 0) return null;
  const present = new Set(news(push).map((a) => a.severity));
  return SEVERITY_ORDER.find((sev) => present.has(sev) && s.alarmSounds[sev]) ?? null;
}

/**
 * The desktop notifications for a push: one per critical alarm, or one for
 * them all past three; none when the Settings turn them off, while muted, or
 * for history. The words are the ones the core's notify shell service uses
 * in Electron, so both shells say the same.
 */
export function notificationsFor(push: RaisedPush, s: AttentionSettings, now: number): AlarmNotice[] {
  if (!s.alarmNotifications || isMuted(s, now)) return [];
  const critical = news(push).filter((a) => a.severity === 'critical');
  if (critical.length === 0) return [];
  const whileAway = push.origin === 'catch-up' ? ' while the service was out of reach' : '';
  if (critical.length <= SEPARATE_NOTIFICATIONS_MAX)
    return critical.map((a) => ({
      title: `Critical alarm: ${a.assetName}`,
      body: `${a.message}${whileAway && ` (raised${whileAway})`}`,
      tag: a.key,
    }));
  const names = [...new Set(critical.map((a) => a.assetName))];
  return [
    {
      title: `${critical.length} critical alarms${whileAway}`,
      body:
        names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '),
      tag: `batch:${critical[0]!.key}`,
    },
  ];
}
