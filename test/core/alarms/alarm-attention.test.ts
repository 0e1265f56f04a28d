import { describe, expect, it } from 'vitest';
import { createAlarmAttention } from '../../../src/main/core/alarms/alarm-attention';
import type { ShellNotification } from '../../../src/main/core/ipc-handlers';
import type { InboxAlarm } from '../../../src/shared/ipc/alarm-views';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/ipc/views';

const NOW = 1_000_000;
const alarm = (n: number, over: Partial<InboxAlarm> = {}): InboxAlarm => ({
  key: `svc:${n}`,
  source: 'service',
  serviceId: n,
  kind: 'temperature_high',
  severity: 'critical',
  assetId: n,
  assetName: `Reefer ${n}`,
  raisedAt: NOW,
  position: null,
  value: 9.4,
  threshold: 7,
  unit: '°C',
  message: 'Cargo at 9.4 °C, above 7 °C',
  ruleId: 1,
  geofenceId: null,
  acknowledgement: null,
  ...over,
});

function setup(settings: Partial<Settings> = {}) {
  const shown: ShellNotification[] = [];
  const badges: number[] = [];
  const attention = createAlarmAttention({
    shell: { notify: (n) => shown.push(n), setBadgeCount: (c) => badges.push(c) },
    settings: () => ({ ...DEFAULT_SETTINGS, ...settings }),
    now: () => NOW,
  });
  return { attention, shown, badges };
}

describe('attention for alarms', () => {
  it('notifies each new critical alarm, and none of lesser severity or already acknowledged', () => {
    const { attention, shown } = setup();
    attention.raised(
      [
        alarm(1),
        alarm(2, { severity: 'warning' }),
        alarm(3, { acknowledgement: { by: 'Sam', byUserId: 2, at: NOW, comment: null } }),
      ],
      'live',
      false,
    );
    expect(shown).toEqual([
      { title: 'Critical alarm: Reefer 1', body: 'Cargo at 9.4 °C, above 7 °C', severity: 'critical' },
    ]);
  });

  it('gathers many critical alarms into one notification, and says when they came in while away', () => {
    const { attention, shown } = setup();
    attention.raised(
      [1, 2, 3, 4, 5].map((n) => alarm(n)),
      'catch-up',
      false,
    );
    expect(shown).toEqual([
      {
        title: '5 critical alarms while the service was out of reach',
        body: 'Reefer 1, Reefer 2, Reefer 3 and 2 more',
        severity: 'critical',
      },
    ]);
  });

  it('stays quiet while muted, with notifications off, and for a new inbox’s history', () => {
    const muted = setup({ alarmMuteUntil: NOW + 1 });
    muted.attention.raised([alarm(1)], 'live', false);
    expect(muted.shown).toEqual([]);
    const off = setup({ alarmNotifications: false });
    off.attention.raised([alarm(1)], 'local', false);
    expect(off.shown).toEqual([]);
    const history = setup();
    history.attention.raised([alarm(1)], 'catch-up', true);
    expect(history.shown).toEqual([]);
    const muteOver = setup({ alarmMuteUntil: NOW });
    muteOver.attention.raised([alarm(1)], 'live', false);
    expect(muteOver.shown).toHaveLength(1);
  });

  it('sets the badge to the unacknowledged count, only when it changes', () => {
    const { attention, badges } = setup();
    for (const n of [3, 3, 4, 0]) attention.unacknowledged(n);
    expect(badges).toEqual([3, 4, 0]);
  });
});
