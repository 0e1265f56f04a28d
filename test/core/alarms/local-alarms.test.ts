import { describe, expect, it } from 'vitest';
import type { AlarmRuleBookListener } from '../../../src/main/core/alarms/alarm-rule-book';
import { createLocalAlarms, type LocalAlarms } from '../../../src/main/core/alarms/local-alarms';
import { createLiveFeed } from '../../../src/main/core/live/live-feed';
import type { AlertRuleView, GeofenceView, InboxAlarm } from '../../../src/shared/ipc/alarm-views';
import type { LivePosition, Settings } from '../../../src/shared/ipc/views';

const MIN = 60_000;
/** A square yard near Milan, 0.01° a side. */
const yard: GeofenceView = {
  id: 1,
  source: 'local',
  name: 'Yard',
  color: '#2f80ed',
  shape: {
    type: 'polygon',
    points: [
      { latitude: 45.46, longitude: 9.18 },
      { latitude: 45.47, longitude: 9.18 },
      { latitude: 45.47, longitude: 9.19 },
      { latitude: 45.46, longitude: 9.19 },
    ],
  },
};
const rule = (
  id: number,
  kind: 'geofence_enter' | 'geofence_exit',
  over: Partial<AlertRuleView> = {},
): AlertRuleView => ({
  id,
  source: 'local',
  name: `${kind} ${id}`,
  kind,
  asset_id: null,
  geofence_id: yard.id,
  enabled: true,
  notify_emails: [],
  ...over,
});
const INSIDE = { lat: 45.465, lon: 9.185 };
const OUTSIDE = { lat: 45.5, lon: 9.3 };
const fix = (assetId: number, t: number, where: { lat: number; lon: number }, speed = 40): LivePosition => ({
  assetId,
  ...where,
  speed,
  course: 90,
  t,
  state: speed > 0 ? 'moving' : 'stopped',
  ignition: true,
});

function setup(rules: AlertRuleView[], settings: Partial<Settings> = {}) {
  const raised: InboxAlarm[] = [];
  const live = createLiveFeed({ append: () => undefined, push: () => undefined, intervalMs: 0 });
  let listener: AlarmRuleBookListener = {};
  const book = {
    geofences: () => [yard],
    rules: () => rules,
    subscribe: (l: AlarmRuleBookListener) => ((listener = l), () => undefined),
  };
  const local: LocalAlarms = createLocalAlarms({
    live,
    rules: book,
    settings: () => ({ localOfflineMinutes: 15, localSpeedKmh: 90, ...settings }),
    assetName: (id) => `Truck ${id}`,
    raise: (a) => raised.push(...a),
    checkIntervalMs: 3_600_000,
  });
  local.start();
  return { raised, live, local, rulesChanged: () => listener.rules?.(rules) };
}

describe('alarms raised on this computer (local mode)', () => {
  it('raises enter and exit at the fix that crosses, for the rules of that geofence and asset', () => {
    const { raised, local } = setup([rule(1, 'geofence_enter'), rule(2, 'geofence_exit', { asset_id: 7 })]);
    local.evaluate([fix(7, 0, OUTSIDE), fix(8, 0, OUTSIDE)]);
    expect(raised).toEqual([]);
    local.evaluate([fix(7, MIN, INSIDE), fix(8, MIN, INSIDE)]);
    expect(raised.map((a) => [a.kind, a.assetId, a.ruleId])).toEqual([
      ['geofence_enter', 7, 1],
      ['geofence_enter', 8, 1],
    ]);
    expect(raised[0]).toMatchObject({
      source: 'local',
      severity: 'info',
      message: 'Truck 7 entered Yard',
      raisedAt: MIN,
      position: { latitude: INSIDE.lat, longitude: INSIDE.lon },
      geofenceId: 1,
    });
    // Staying inside raises nothing; leaving raises exit only for the rule's asset.
    local.evaluate([fix(7, 2 * MIN, INSIDE), fix(8, 2 * MIN, INSIDE)]);
    local.evaluate([fix(7, 3 * MIN, OUTSIDE), fix(8, 3 * MIN, OUTSIDE)]);
    expect(raised.slice(2).map((a) => [a.kind, a.assetId, a.severity])).toEqual([
      ['geofence_exit', 7, 'warning'],
    ]);
  });

  it('takes where each asset is when the rules change as the baseline, not as a crossing', () => {
    const rules: AlertRuleView[] = [];
    const { raised, live, local, rulesChanged } = setup(rules);
    live.add([fix(7, 0, INSIDE)]);
    rules.push(rule(1, 'geofence_exit'), rule(2, 'geofence_enter'));
    rulesChanged();
    local.evaluate([fix(7, MIN, INSIDE)]);
    expect(raised).toEqual([]);
    local.evaluate([fix(7, 2 * MIN, OUTSIDE)]);
    expect(raised.map((a) => a.kind)).toEqual(['geofence_exit']);
  });

  it('ignores disabled rules and rules of the service', () => {
    const { raised, local } = setup([
      rule(1, 'geofence_enter', { enabled: false }),
      rule(2, 'geofence_enter', { source: 'service' }),
    ]);
    local.evaluate([fix(7, 0, OUTSIDE)]);
    local.evaluate([fix(7, MIN, INSIDE)]);
    expect(raised).toEqual([]);
  });

  it('raises overspeed once per episode: again only after the speed fell clearly below the limit', () => {
    const { raised, local } = setup([], { localSpeedKmh: 50 });
    for (const [t, speed] of [
      [0, 40],
      [1, 55],
      [2, 60],
      [3, 48],
      [4, 52],
      [5, 44],
      [6, 51],
    ] as const)
      local.evaluate([fix(7, t * MIN, OUTSIDE, speed)]);
    expect(raised.map((a) => [a.raisedAt / MIN, a.value, a.threshold, a.unit])).toEqual([
      [1, 55, 50, 'km/h'],
      [6, 51, 50, 'km/h'],
    ]);
    expect(raised[0]?.message).toBe('Speed 55 km/h, above the limit of 50 km/h');
  });

  it('raises tracker offline on the fleet’s clock, once per silence, and not while switched off', () => {
    const { raised, live, local } = setup([], { localOfflineMinutes: 10 });
    live.add([fix(7, 0, OUTSIDE), fix(8, 0, OUTSIDE)]);
    live.add([fix(8, 10 * MIN, OUTSIDE)]);
    local.checkSilence();
    expect(raised).toEqual([]);
    live.add([fix(8, 11 * MIN, OUTSIDE)]);
    local.checkSilence();
    local.checkSilence();
    expect(raised.map((a) => [a.kind, a.assetId, a.value, a.threshold, a.raisedAt / MIN])).toEqual([
      ['tracker_offline', 7, 11, 10, 11],
    ]);
    expect(raised[0]?.position).toEqual({ latitude: OUTSIDE.lat, longitude: OUTSIDE.lon });
    // The same silence evaluated again (after a restart) is the same alarm: one key.
    const again = setup([], { localOfflineMinutes: 10 });
    again.live.add([fix(7, 0, OUTSIDE), fix(8, 11 * MIN, OUTSIDE)]);
    again.local.checkSilence();
    expect(again.raised.map((a) => a.key)).toEqual(raised.map((a) => a.key));

    const off = setup([], { localOfflineMinutes: null });
    off.live.add([fix(7, 0, OUTSIDE), fix(8, 60 * MIN, OUTSIDE)]);
    off.local.checkSilence();
    expect(off.raised).toEqual([]);
  });
});
