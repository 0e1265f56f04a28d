import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { alarmFilterSchema, type AlarmFilter, type InboxAlarm } from '../../../src/shared/ipc/alarm-views';

const alarm = (id: number, over: Partial<InboxAlarm> = {}): InboxAlarm => ({
  key: `svc:${id}`,
  source: 'service',
  serviceId: id,
  kind: 'overspeed',
  severity: 'warning',
  assetId: 1,
  assetName: 'Truck 1',
  raisedAt: 1_000_000 + id * 1000,
  position: { latitude: 45.46, longitude: 9.19 },
  value: 104,
  threshold: 90,
  unit: 'km/h',
  message: 'Speed 104 km/h, above 90 km/h',
  ruleId: 3,
  geofenceId: null,
  acknowledgement: null,
  ...over,
});
const ack = { by: 'Dana Reyes (operator)', byUserId: 1, at: 5_000_000, comment: 'Driver called' };

describe('the alarm inbox store', () => {
  let dir: string;
  let cache: OfflineCache;
  const list = (filter: AlarmFilter = {}) => cache.alarms.list('demo', alarmFilterSchema.parse(filter));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-alarm-store-'));
    cache = openOfflineCache(join(dir, 'cache.sqlite'));
  });
  afterEach(() => {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds each alarm once however often it arrives, and says which were new', () => {
    expect(cache.alarms.merge('demo', [alarm(1), alarm(2)]).added.map((a) => a.key)).toEqual([
      'svc:1',
      'svc:2',
    ]);
    const again = cache.alarms.merge('demo', [alarm(2), alarm(3), alarm(3)]);
    expect(again.added.map((a) => a.key)).toEqual(['svc:3']);
    expect(again.updated).toEqual([]);
    expect(list().total).toBe(3);
  });

  it('takes an acknowledgement that arrives later, and never loses one to a stale copy', () => {
    cache.alarms.merge('demo', [alarm(1)]);
    const acked = cache.alarms.merge('demo', [alarm(1, { acknowledgement: ack })]);
    expect(acked.updated).toEqual([alarm(1, { acknowledgement: ack })]);
    const stale = cache.alarms.merge('demo', [alarm(1)]);
    expect(stale).toEqual({ added: [], updated: [] });
    expect(cache.alarms.get('demo', 'svc:1')?.acknowledgement).toEqual(ack);
  });

  it('keeps each profile’s inbox apart', () => {
    cache.alarms.merge('demo', [alarm(1)]);
    cache.alarms.merge('https://fleet.example#acme#2', [alarm(1, { assetId: 2 })]);
    expect(list().alarms.map((a) => a.assetId)).toEqual([1]);
    expect(cache.alarms.counts('https://fleet.example#acme#2').alarmedAssets).toEqual([
      { assetId: 2, severity: 'warning' },
    ]);
  });

  it('filters by severity, kind, asset, acknowledgement, time and words, newest first, in pages', () => {
    cache.alarms.merge('demo', [
      alarm(1, {
        severity: 'critical',
        kind: 'engine_fault',
        message: 'Engine fault P0301',
        assetName: 'Van Ölbrück',
      }),
      alarm(2, { assetId: 2, assetName: 'Truck 2' }),
      alarm(3, { acknowledgement: ack }),
      alarm(4, {
        severity: 'info',
        kind: 'geofence_enter',
        message: 'Truck 1 entered Depot North',
        geofenceId: 7,
      }),
      alarm(5),
    ]);
    const keys = (f: AlarmFilter): string[] => list(f).alarms.map((a) => a.key);
    expect(keys({})).toEqual(['svc:5', 'svc:4', 'svc:3', 'svc:2', 'svc:1']);
    expect(keys({ severities: ['critical', 'info'] })).toEqual(['svc:4', 'svc:1']);
    expect(keys({ kinds: ['overspeed'], assetIds: [1] })).toEqual(['svc:5', 'svc:3']);
    expect(keys({ acknowledged: true })).toEqual(['svc:3']);
    expect(keys({ acknowledged: false, limit: 2, offset: 1 })).toEqual(['svc:4', 'svc:2']);
    expect(list({ acknowledged: false, limit: 2 }).total).toBe(4);
    expect(keys({ since: alarm(2).raisedAt, until: alarm(4).raisedAt })).toEqual(['svc:3', 'svc:2']);
    // Words in any order and case, in the asset's name, the message or the kind; beyond ASCII too.
    expect(keys({ search: 'depot TRUCK' })).toEqual(['svc:4']);
    expect(keys({ search: 'ölbrück' })).toEqual(['svc:1']);
    expect(keys({ search: 'engine fault' })).toEqual(['svc:1']);
    expect(keys({ search: '100%_' })).toEqual([]);
  });

  it('finds the same words whether it scans all text (a broad filter) or looks up the rows a narrow one left', () => {
    const many = Array.from({ length: 20_050 }, (_, i) =>
      alarm(i + 1, {
        message: i % 401 === 0 ? 'Left Depot North' : 'Speed 104 km/h',
        acknowledgement: i % 97 === 0 ? null : ack,
      }),
    );
    cache.alarms.merge('demo', many);
    const expected = (keep: (a: InboxAlarm) => boolean): string[] =>
      many
        .filter((a) => keep(a) && a.message.includes('Depot'))
        .map((a) => a.key)
        .reverse();
    const all = list({ search: 'depot north', limit: 500 });
    expect(all.alarms.map((a) => a.key)).toEqual(expected(() => true));
    expect(all.total).toBe(50);
    const open = list({ search: 'DEPOT', acknowledged: false, limit: 500 });
    expect(open.alarms.map((a) => a.key)).toEqual(expected((a) => a.acknowledgement === null));
    expect(open.total).toBe(open.alarms.length);
  });

  it('counts what is unacknowledged, per severity and per asset at its worst', () => {
    cache.alarms.merge('demo', [
      alarm(1, { severity: 'info' }),
      alarm(2, { severity: 'critical' }),
      alarm(3, { severity: 'warning', assetId: 2 }),
      alarm(4, { severity: 'critical', assetId: 3, acknowledgement: ack }),
    ]);
    expect(cache.alarms.counts('demo')).toEqual({
      unacknowledged: 3,
      bySeverity: { critical: 1, warning: 1, info: 1 },
      alarmedAssets: [
        { assetId: 1, severity: 'critical' },
        { assetId: 2, severity: 'warning' },
      ],
    });
  });

  it('survives a restart of the app', () => {
    cache.alarms.merge('demo', [alarm(1, { acknowledgement: ack }), alarm(2)]);
    cache.close();
    cache = openOfflineCache(join(dir, 'cache.sqlite'));
    expect(list().alarms).toEqual([alarm(2), alarm(1, { acknowledgement: ack })]);
    expect(cache.alarms.unacknowledgedServiceIds('demo')).toEqual([2]);
  });
});
