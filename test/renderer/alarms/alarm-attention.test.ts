import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  notificationsFor,
  toneFor,
  type AttentionSettings,
} from '../../../src/renderer/src/features/alarms/alarm-attention';
import { startAlarmAttention } from '../../../src/renderer/src/features/alarms/alarm-attention-service';
import { AlarmTones, TONES } from '../../../src/renderer/src/features/alarms/alarm-tones';
import { muteEnd } from '../../../src/renderer/src/features/alarms/alarm-mute';
import { setBridge } from '../../../src/renderer/src/api';
import { useAlarms } from '../../../src/renderer/src/stores/alarms';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { RaisedPush } from '../../../src/renderer/src/stores/alarms';
import { createPinia, setActivePinia } from 'pinia';
import { inboxAlarm } from '../support/fake-inbox';
import { settle } from '../support/mount-with-bridge';
import { signedInBridge } from '../support/signed-in-bridge';
import { TEST_SETTINGS } from '../support/sim-fleet';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ON: AttentionSettings = TEST_SETTINGS;
const push = (over: Partial<RaisedPush> & Pick<RaisedPush, 'alarms'>): RaisedPush => ({
  origin: 'live',
  history: false,
  ...over,
});
const critical = (n: number, asset = 'Reefer 0003') =>
  inboxAlarm({
    key: `svc:${n}`,
    kind: 'temperature_high',
    severity: 'critical',
    assetName: asset,
    message: 'Cargo at 11.5°C',
  });
const warning = (n: number) => inboxAlarm({ key: `svc:${n}`, kind: 'overspeed', severity: 'warning' });
const info = (n: number) => inboxAlarm({ key: `svc:${n}`, kind: 'geofence_enter', severity: 'info' });

describe('attention decisions', () => {
  it('sound the worst new alarm whose sound is on', () => {
    expect(toneFor(push({ alarms: [info(1), warning(2), critical(3)] }), ON, NOW)).toBe('critical');
    expect(toneFor(push({ alarms: [info(1), warning(2)] }), ON, NOW)).toBe('warning');
    // Info is off in the settings main starts with.
    expect(toneFor(push({ alarms: [info(1)] }), ON, NOW)).toBeNull();
    const criticalOff = { ...ON, alarmSounds: { critical: false, warning: true, info: true } };
    expect(toneFor(push({ alarms: [critical(1), info(2)] }), criticalOff, NOW)).toBe('info');
  });

  it('keep quiet while muted, at volume 0, for a new inbox’s history and for alarms already acknowledged', () => {
    const muted = { ...ON, alarmMuteUntil: muteEnd(15, NOW) };
    expect(toneFor(push({ alarms: [critical(1)] }), muted, NOW)).toBeNull();
    expect(notificationsFor(push({ alarms: [critical(1)] }), muted, NOW)).toEqual([]);
    // The mute ends: the next alarm sounds again.
    expect(toneFor(push({ alarms: [critical(1)] }), muted, muteEnd(15, NOW))).toBe('critical');
    expect(toneFor(push({ alarms: [critical(1)] }), { ...ON, alarmVolume: 0 }, NOW)).toBeNull();
    expect(toneFor(push({ alarms: [critical(1)], history: true }), ON, NOW)).toBeNull();
    expect(
      notificationsFor(push({ alarms: [critical(1)], origin: 'catch-up', history: true }), ON, NOW),
    ).toEqual([]);
    const handled = {
      ...critical(1),
      acknowledgement: { by: 'Dispatcher', byUserId: 2, at: NOW, comment: null },
    };
    expect(toneFor(push({ alarms: [handled] }), ON, NOW)).toBeNull();
  });

  it('notify each critical alarm, or one notice for many, and say when they came in a catch-up', () => {
    expect(notificationsFor(push({ alarms: [warning(1), critical(2)] }), ON, NOW)).toEqual([
      { title: 'Critical alarm: Reefer 0003', body: 'Cargo at 11.5°C', tag: 'svc:2' },
    ]);
    expect(
      notificationsFor(push({ alarms: [critical(2)] }), { ...ON, alarmNotifications: false }, NOW),
    ).toEqual([]);
    const many = [1, 2, 3, 4, 5].map((n) => critical(n, `Reefer 000${n}`));
    expect(notificationsFor(push({ alarms: many, origin: 'catch-up' }), ON, NOW)).toEqual([
      {
        title: '5 critical alarms while the service was out of reach',
        body: 'Reefer 0001, Reefer 0002, Reefer 0003 and 2 more',
        tag: 'batch:svc:1',
      },
    ]);
    expect(notificationsFor(push({ alarms: [critical(9)], origin: 'catch-up' }), ON, NOW)[0]!.body).toBe(
      'Cargo at 11.5°C (raised while the service was out of reach)',
    );
  });

  it('gives each severity its own tone', () => {
    const shapes = (['critical', 'warning', 'info'] as const).map((s) =>
      JSON.stringify([TONES[s].wave, TONES[s].notes.map((n) => n.freq)]),
    );
    expect(new Set(shapes).size).toBe(3);
  });
});

/** A Web Notification that records itself, as a page's would be shown. */
class RecordedNotification {
  static permission: NotificationPermission = 'granted';
  static shown: { title: string; body?: string; tag?: string }[] = [];
  static requestPermission = vi.fn(async (): Promise<NotificationPermission> => 'granted');
  onclick: (() => void) | null = null;
  constructor(title: string, options: NotificationOptions = {}) {
    RecordedNotification.shown.push({ title, body: options.body, tag: options.tag });
  }
  close(): void {}
}

describe('attention in the renderer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    RecordedNotification.shown = [];
  });

  async function start(shell: 'browser' | 'electron') {
    vi.stubGlobal('Notification', RecordedNotification);
    setActivePinia(createPinia());
    const bridge = signedInBridge({ now: NOW }).handle('app.info', {
      version: '0',
      platform: 'linux',
      shell,
    });
    setBridge(bridge);
    const played: string[] = [];
    const tones = new AlarmTones(() => {
      throw new Error('no audio in this test');
    });
    tones.play = (severity) => void played.push(severity);
    useAlarms().listen();
    useSettings().listen();
    await useSettings().load();
    let clock = NOW;
    const stop = await startAlarmAttention({ tones, now: () => clock });
    return { bridge, played, stop, tick: (ms: number) => (clock += ms) };
  }

  it('in the browser shell sounds and raises the Web Notification itself', async () => {
    const { bridge, played, stop } = await start('browser');
    bridge.emit('alarms.raised', push({ alarms: [critical(1)] }));
    expect(played).toEqual(['critical']);
    expect(RecordedNotification.shown).toEqual([
      { title: 'Critical alarm: Reefer 0003', body: 'Cargo at 11.5°C', tag: 'svc:1' },
    ]);
    stop();
  });

  it('in Electron sounds but leaves the notification to the core (no double)', async () => {
    const { bridge, played, stop } = await start('electron');
    bridge.emit('alarms.raised', push({ alarms: [critical(1)] }));
    expect(played).toEqual(['critical']);
    expect(RecordedNotification.shown).toEqual([]);
    stop();
  });

  it('sounds a burst once, but a worse alarm right after still sounds; muting silences both', async () => {
    const { bridge, played, stop, tick } = await start('browser');
    bridge.emit('alarms.raised', push({ alarms: [warning(1)] }));
    tick(300);
    bridge.emit('alarms.raised', push({ alarms: [warning(2)] }));
    tick(300);
    bridge.emit('alarms.raised', push({ alarms: [critical(3)] }));
    expect(played).toEqual(['warning', 'critical']);

    await useSettings().set({ alarmMuteUntil: muteEnd(30, NOW) });
    await settle();
    tick(5_000);
    bridge.emit('alarms.raised', push({ alarms: [critical(4)] }));
    expect(played).toEqual(['warning', 'critical']);
    expect(RecordedNotification.shown.map((n) => n.tag)).toEqual(['svc:3']);
    stop();
  });
});
