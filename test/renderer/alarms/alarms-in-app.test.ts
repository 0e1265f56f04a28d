import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { muteEnd, muteUntilText } from '../../../src/renderer/src/features/alarms/alarm-mute';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { testFormat } from '../support/display-format';
import { FakeInbox } from '../support/fake-inbox';
import { mountApp, press } from '../support/app-shell';
import { settle } from '../support/mount-with-bridge';
import { signedInBridge } from '../support/signed-in-bridge';
import { simFleet, TEST_SETTINGS } from '../support/sim-fleet';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const badge = (w: VueWrapper) => w.find('[data-testid="alarm-badge"]');
const settingsDialog = (w: VueWrapper) => w.find('[role="dialog"][aria-labelledby="settings-title"]');

function appBridge(inbox: FakeInbox, shell: 'browser' | 'electron' = 'browser') {
  return inbox
    .install(signedInBridge({ now: NOW, fleet: simFleet(10), settings: { theme: 'light' } }))
    .handle('app.info', { version: '0', platform: 'linux', shell });
}

afterEach(() => {
  vi.useRealTimers();
  document.title = 'Fleetdesk';
});

describe('alarms in the app’s header', () => {
  it('counts the unacknowledged on the Alarms tab, coloured by the worst severity present, and follows main’s pushes', async () => {
    const inbox = new FakeInbox({ assets: simFleet(10).assets, count: 0, now: NOW });
    const { wrapper, bridge } = await mountApp(appBridge(inbox));
    expect(badge(wrapper).exists()).toBe(false);
    const tab = wrapper.find('[data-screen="alarms"]');
    expect(tab.text()).toMatch(/^Alarms\s*5$/);

    inbox.raise({ kind: 'overspeed', severity: 'warning' });
    inbox.raise({ kind: 'geofence_enter', severity: 'info' });
    bridge.emit('alarms.changed', inbox.summary());
    await settle();
    expect(badge(wrapper).text()).toBe('2');
    expect(badge(wrapper).classes()).toContain('warning');
    expect(badge(wrapper).attributes('aria-label')).toBe('2 unacknowledged, the worst warning');

    const fault = inbox.raise({ kind: 'engine_fault', severity: 'critical' });
    bridge.emit('alarms.changed', inbox.summary());
    await settle();
    expect(badge(wrapper).text()).toBe('3');
    expect(badge(wrapper).classes()).toContain('critical');
    // The browser shell has no dock: the tab's title carries the count.
    expect(document.title).toBe('(3) Fleetdesk');

    inbox.acknowledge([fault.key], undefined, NOW);
    bridge.emit('alarms.changed', inbox.summary());
    await settle();
    expect(badge(wrapper).classes()).toContain('warning');
    expect(badge(wrapper).text()).toBe('2');
  });

  it('opens the Alarms screen with 5', async () => {
    const inbox = new FakeInbox({ assets: simFleet(10).assets, count: 12, now: NOW });
    const { wrapper } = await mountApp(appBridge(inbox));
    press('5');
    await settle();
    expect(useNavigation().screen).toBe('alarms');
    expect(wrapper.find('section[aria-label="Alarms"]').exists()).toBe(true);
  });

  it('mutes with M for fifteen minutes, shows until when, and unmutes with M again', async () => {
    const inbox = new FakeInbox({ assets: simFleet(10).assets, count: 0, now: NOW });
    const { wrapper, bridge } = await mountApp(appBridge(inbox));
    const before = Date.now();
    press('m');
    await settle();
    const [patch] = bridge.callsOf('settings.set') as { alarmMuteUntil: number }[];
    expect(patch!.alarmMuteUntil).toBeGreaterThanOrEqual(muteEnd(15, before));
    expect(patch!.alarmMuteUntil).toBeLessThanOrEqual(muteEnd(15, Date.now()));
    const muted = wrapper.find('[data-testid="alarm-muted"]');
    expect(muted.text()).toBe(
      `Muted until ${muteUntilText(patch!.alarmMuteUntil, Date.now(), testFormat())}`,
    );

    press('M');
    await settle();
    expect(bridge.callsOf('settings.set').at(-1)).toEqual({ alarmMuteUntil: null });
    expect(wrapper.find('[data-testid="alarm-muted"]').exists()).toBe(false);
  });

  it('drops the mute from the header at the instant it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const inbox = new FakeInbox({ assets: simFleet(10).assets, count: 0, now: NOW });
    const { wrapper, bridge } = await mountApp(
      appBridge(inbox).handle('settings.get', () => ({
        ...TEST_SETTINGS,
        theme: 'light' as const,
        alarmMuteUntil: Date.now() + 60_000,
      })),
    );
    expect(wrapper.find('[data-testid="alarm-muted"]').exists()).toBe(true);
    await vi.advanceTimersByTimeAsync(61_000);
    await settle();
    expect(wrapper.find('[data-testid="alarm-muted"]').exists()).toBe(false);
    expect(bridge.callsOf('settings.set')).toEqual([]);
  });

  it('takes the sounds, volume, notifications and local thresholds in the Settings, and asks the browser for notifications only there', async () => {
    const requestPermission = vi.fn(async (): Promise<NotificationPermission> => 'granted');
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    );
    try {
      const inbox = new FakeInbox({ assets: simFleet(10).assets, count: 0, now: NOW });
      const { wrapper, bridge } = await mountApp(appBridge(inbox));
      expect(requestPermission).not.toHaveBeenCalled();
      press(',');
      await settle();
      const dialog = settingsDialog(wrapper);
      await dialog.find('[name="alarmSounds.info"]').setValue(true);
      await dialog.find('[name="alarmSounds.critical"]').setValue(false);
      await dialog.find('[name="alarmVolume"]').setValue('40');
      await dialog.find('[name="localOfflineMinutes"]').setValue('');
      await dialog.find('[name="localSpeedKmh"]').setValue('110');
      await dialog
        .findAll('button')
        .find((b) => b.text() === 'Allow notifications…')!
        .trigger('click');
      await settle();
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(dialog.text()).toContain('This browser shows them.');
      await dialog.find('form').trigger('submit');
      await settle();
      expect(bridge.callsOf('settings.set')).toEqual([
        {
          alarmSounds: { critical: false, warning: true, info: true },
          alarmVolume: 0.4,
          localOfflineMinutes: null,
          localSpeedKmh: 110,
        },
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses a local threshold out of range beside its field', async () => {
    const inbox = new FakeInbox({ assets: simFleet(10).assets, count: 0, now: NOW });
    const { wrapper, bridge } = await mountApp(appBridge(inbox));
    press(',');
    await settle();
    const dialog = settingsDialog(wrapper);
    await dialog.find('[name="localSpeedKmh"]').setValue('5');
    await dialog.find('form').trigger('submit');
    await settle();
    expect(dialog.text()).toContain('must be a speed from 10 to 400 km/h, or empty for off');
    expect(bridge.callsOf('settings.set')).toEqual([]);
  });
});
