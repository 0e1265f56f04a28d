import { watch } from 'vue';
import type { AlarmSeverity } from '../../../../shared/interface';
import { call } from '../../api';
import { useNavigation } from '../../layout/navigation';
import { useAlarms } from '../../stores/alarms';
import { useSettings } from '../../stores/settings';
import { notificationsFor, toneFor } from './alarm-attention';
import { SEVERITY_ORDER } from './alarm-format';
import { AlarmTones } from './alarm-tones';
import { notificationAccess, showNotification } from './browser-notifications';

/** A burst of pushes (a catch-up in pieces) sounds once, unless something worse follows. */
const TONE_GAP_MS = 2_000;

export interface AttentionDeps {
  readonly tones?: AlarmTones;
  readonly now?: () => number;
}

/**
 * The renderer's part of attention (docs/architecture.md "Alarms"): a tone for
 * new alarms in both shells, and in the browser shell the desktop
 * notifications and the count in the tab's title, which Electron's core does
 * itself (notify and setBadgeCount): app.info says which shell this is, and
 * until it has answered nothing is notified, so nothing is notified twice.
 */
export async function startAlarmAttention(deps: AttentionDeps = {}): Promise<() => void> {
  const alarms = useAlarms();
  const settings = useSettings();
  const nav = useNavigation();
  const tones = deps.tones ?? new AlarmTones();
  const now = deps.now ?? Date.now;
  let browserShell = false;
  let lastTone: { at: number; severity: AlarmSeverity } | null = null;

  const off = alarms.onRaised((push) => {
    const t = now();
    const s = settings.settings;
    const tone = toneFor(push, s, t);
    const worse = (a: AlarmSeverity, b: AlarmSeverity): boolean =>
      SEVERITY_ORDER.indexOf(a) < SEVERITY_ORDER.indexOf(b);
    if (tone && (!lastTone || t - lastTone.at >= TONE_GAP_MS || worse(tone, lastTone.severity))) {
      lastTone = { at: t, severity: tone };
      tones.play(tone, s.alarmVolume);
    }
    if (browserShell && notificationAccess() === 'granted')
      for (const n of notificationsFor(push, s, t)) showNotification(n, () => nav.go('alarms'));
  });

  // Browsers let a page sound only after the operator has interacted with it.
  const unlock = (): void => tones.unlock();
  window.addEventListener('pointerdown', unlock, { once: true, capture: true });
  window.addEventListener('keydown', unlock, { once: true, capture: true });

  const info = await call('app.info').catch(() => null);
  browserShell = info?.shell === 'browser';
  const baseTitle = document.title || 'Fleetdesk';
  const stopTitle = browserShell
    ? watch(
        () => alarms.unacknowledged,
        (n) => (document.title = n > 0 ? `(${n.toLocaleString()}) ${baseTitle}` : baseTitle),
        { immediate: true },
      )
    : () => undefined;

  return () => {
    off();
    stopTitle();
    window.removeEventListener('pointerdown', unlock, { capture: true });
    window.removeEventListener('keydown', unlock, { capture: true });
    tones.close();
  };
}
