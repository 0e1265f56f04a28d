import type { AlarmOrigin, InboxAlarm } from '../../../shared/ipc/alarm-views';
import type { Settings } from '../../../shared/ipc/views';
import type { ShellServices } from '../ipc-handlers';

/** More critical alarms than this at once become one notification, not a stack of them. */
const SEPARATE_NOTIFICATIONS_MAX = 3;

export interface AlarmAttentionOptions {
  readonly shell: Pick<ShellServices, 'notify' | 'setBadgeCount'>;
  readonly settings: () => Pick<Settings, 'alarmNotifications' | 'alarmMuteUntil'>;
  readonly now: () => number;
}

/**
 * What the core asks of the shell for the operator's attention
 * (docs/architecture.md "Alarms"): a desktop notification for critical
 * alarms — new ones, live or caught up after a reconnect, never the history
 * a new inbox reads at first — unless the Settings turn notifications off or
 * mute them; and the unacknowledged count on the dock or taskbar. Sounds are
 * the renderer's (it has the audio), from the same Settings.
 */
export interface AlarmAttention {
  raised(alarms: readonly InboxAlarm[], origin: AlarmOrigin, history: boolean): void;
  unacknowledged(count: number): void;
}

export function createAlarmAttention(o: AlarmAttentionOptions): AlarmAttention {
  let badge: number | null = null;
  return {
    raised(alarms, origin, history) {
      const s = o.settings();
      if (history || !s.alarmNotifications || (s.alarmMuteUntil !== null && s.alarmMuteUntil > o.now()))
        return;
      const critical = alarms.filter((a) => a.severity === 'critical' && a.acknowledgement === null);
      if (critical.length === 0) return;
      const whileAway = origin === 'catch-up' ? ' while the service was out of reach' : '';
      if (critical.length <= SEPARATE_NOTIFICATIONS_MAX) {
        for (const a of critical)
          o.shell.notify({
            title: `Critical alarm: ${a.assetName}`,
            body: `${a.message}${whileAway && ` (raised${whileAway})`}`,
            severity: 'critical',
          });
        return;
      }
      const names = [...new Set(critical.map((a) => a.assetName))];
      o.shell.notify({
        title: `${critical.length} critical alarms${whileAway}`,
        body:
          names.length > 3
            ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`
            : names.join(', '),
        severity: 'critical',
      });
    },
    unacknowledged(count) {
      if (count === badge) return;
      badge = count;
      o.shell.setBadgeCount(count);
    },
  };
}
