import {
  ALARM_THRESHOLDS,
  ALERT_KINDS,
  DEFAULT_ALARM_SEVERITY,
  type AlarmKind,
  type Asset,
} from '../../../src/shared/interface';
import {
  alarmFilterSchema,
  type AcknowledgeResult,
  type AlarmFilter,
  type AlarmMode,
  type AlarmPage,
  type AlarmSummary,
  type InboxAlarm,
} from '../../../src/shared/ipc/alarm-views';
import type { FakeBridge } from './fake-bridge';
import { seeded } from './sim-fleet';

const MESSAGE: Readonly<Record<AlarmKind, (v: number | null) => string>> = {
  overspeed: (v) => `Speed ${v ?? '?'} km/h over the limit`,
  harsh_driving: (v) => `Harsh braking at ${v ?? '?'} g`,
  geofence_enter: () => 'Entered Depot North',
  geofence_exit: () => 'Left Depot North',
  low_fuel: (v) => `Fuel at ${v ?? '?'}%`,
  fuel_drain: (v) => `Fuel dropped by ${v ?? '?'} l while parked`,
  temperature_high: (v) => `Cargo at ${v ?? '?'}°C`,
  power_cut: () => 'External power cut',
  engine_fault: () => 'P0301 Cylinder 1 misfire detected',
  tracker_offline: (v) => `No fix for ${v ?? '?'} min`,
};

const VALUE: Readonly<Record<AlarmKind, (r: () => number) => number | null>> = {
  overspeed: (r) => Math.round(72 + r() * 40),
  harsh_driving: (r) => Math.round((0.48 + r() * 0.2) * 100) / 100,
  geofence_enter: () => null,
  geofence_exit: () => null,
  low_fuel: (r) => Math.round(5 + r() * 14),
  fuel_drain: (r) => Math.round(10 + r() * 40),
  temperature_high: (r) => Math.round((7.5 + r() * 6) * 10) / 10,
  power_cut: () => null,
  engine_fault: () => null,
  tracker_offline: (r) => Math.round(16 + r() * 90),
};

/** One inbox alarm with sensible fields; tests name only what they look at. */
export function inboxAlarm(over: Partial<InboxAlarm> & Pick<InboxAlarm, 'key'>): InboxAlarm {
  const kind = over.kind ?? 'overspeed';
  const threshold = ALARM_THRESHOLDS[kind];
  return {
    source: 'service',
    serviceId: Number(over.key.replace(/\D/g, '')) || 1,
    kind,
    severity: DEFAULT_ALARM_SEVERITY[kind],
    assetId: 1,
    assetName: 'Van 0001',
    raisedAt: Date.UTC(2026, 10, 23, 8, 0, 0),
    position: { latitude: 51.92, longitude: 4.4 },
    value: threshold.unit ? 84 : null,
    threshold: threshold.default,
    unit: threshold.unit,
    message: MESSAGE[kind](84),
    ruleId: 1,
    geofenceId: null,
    acknowledgement: null,
    ...over,
  };
}

export interface FakeInboxOptions {
  readonly assets: readonly Asset[];
  /** How many alarms the inbox starts with, one every `spacingMs` back from `now`. */
  readonly count: number;
  readonly now: number;
  readonly spacingMs?: number;
  /** The share already acknowledged (the oldest ones, as in a real shift). */
  readonly acknowledgedShare?: number;
  readonly mode?: AlarmMode;
  readonly seed?: number;
}

/**
 * The core's inbox as the renderer meets it over the contract: alarms.list
 * filtered and paged as alarm-views.ts says (newest first, every field
 * narrowing), the summary, and acknowledgement by key. Browser-safe, so the
 * screenshot harness and the happy-dom tests share it.
 */
export class FakeInbox {
  /** Newest first. */
  alarms: InboxAlarm[] = [];
  mode: AlarmMode;
  private nextId: number;

  constructor(o: FakeInboxOptions) {
    const r = seeded(o.seed ?? 3);
    const spacing = o.spacingMs ?? 45_000;
    this.mode = o.mode ?? 'service';
    const acknowledgedFrom = Math.floor(o.count * (1 - (o.acknowledgedShare ?? 0.6)));
    for (let i = 0; i < o.count; i++) {
      const kind = ALERT_KINDS[Math.floor(r() * ALERT_KINDS.length)]!;
      const asset = o.assets[Math.floor(r() * o.assets.length)]!;
      const value = VALUE[kind](r);
      const raisedAt = o.now - i * spacing - Math.floor(r() * spacing * 0.5);
      const id = o.count - i;
      this.alarms.push(
        inboxAlarm({
          key: `svc:${id}`,
          serviceId: id,
          kind,
          severity: DEFAULT_ALARM_SEVERITY[kind],
          assetId: asset.id,
          assetName: asset.name,
          raisedAt,
          position: { latitude: 51.92 + (r() - 0.5) * 0.3, longitude: 4.4 + (r() - 0.5) * 0.5 },
          value,
          threshold: ALARM_THRESHOLDS[kind].default,
          message: MESSAGE[kind](value),
          acknowledgement:
            i >= acknowledgedFrom
              ? {
                  by: r() > 0.5 ? 'Operator' : 'Dispatcher',
                  byUserId: 1,
                  at: raisedAt + 120_000,
                  comment: r() > 0.5 ? 'Driver called, all fine' : null,
                }
              : null,
        }),
      );
    }
    this.nextId = o.count + 1;
  }

  list(filter: AlarmFilter = {}): AlarmPage {
    const f = alarmFilterSchema.parse(filter);
    const words = (f.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = this.alarms.filter(
      (a) =>
        (!f.severities || f.severities.includes(a.severity)) &&
        (!f.kinds || f.kinds.includes(a.kind)) &&
        (!f.assetIds || f.assetIds.includes(a.assetId)) &&
        (f.acknowledged === undefined || (a.acknowledgement !== null) === f.acknowledged) &&
        (f.since === undefined || a.raisedAt >= f.since) &&
        (f.until === undefined || a.raisedAt < f.until) &&
        words.every((w) => `${a.assetName} ${a.message}`.toLowerCase().includes(w)),
    );
    return { alarms: matches.slice(f.offset, f.offset + f.limit), total: matches.length };
  }

  summary(): AlarmSummary {
    const open = this.alarms.filter((a) => a.acknowledgement === null);
    const by = { critical: 0, warning: 0, info: 0 };
    const worst = new Map<number, InboxAlarm['severity']>();
    const rank = { critical: 0, warning: 1, info: 2 } as const;
    for (const a of open) {
      by[a.severity]++;
      const was = worst.get(a.assetId);
      if (!was || rank[a.severity] < rank[was]) worst.set(a.assetId, a.severity);
    }
    return {
      unacknowledged: open.length,
      unacknowledgedBySeverity: by,
      alarmedAssets: [...worst].map(([assetId, severity]) => ({ assetId, severity })),
      mode: this.mode,
      modeReason: this.mode === 'local' ? 'The service has no alarm feed (404 on /alarm).' : null,
      lastSyncedAt: this.alarms[0]?.raisedAt ?? null,
    };
  }

  acknowledge(keys: readonly string[], comment: string | undefined, at: number): AcknowledgeResult {
    const acknowledged: InboxAlarm[] = [];
    for (const key of keys) {
      const i = this.alarms.findIndex((a) => a.key === key);
      const a = this.alarms[i];
      if (!a) continue;
      const done = a.acknowledgement
        ? a
        : { ...a, acknowledgement: { by: 'Operator', byUserId: 1, at, comment: comment ?? null } };
      this.alarms[i] = done;
      acknowledged.push(done);
    }
    const known = new Set(acknowledged.map((a) => a.key));
    return {
      acknowledged,
      refused: keys
        .filter((k) => !known.has(k))
        .map((key) => ({ key, code: 'not_found' as const, message: 'no such alarm' })),
    };
  }

  /** A new alarm at the top of the inbox (as the core adds one the service raised). */
  raise(over: Partial<InboxAlarm>): InboxAlarm {
    const id = this.nextId++;
    const a = inboxAlarm({ key: `svc:${id}`, serviceId: id, ...over });
    this.alarms.unshift(a);
    return a;
  }

  /** Answers the inbox's methods on `bridge`, and pushes what main would after an acknowledgement. */
  install(bridge: FakeBridge, now: () => number = Date.now): FakeBridge {
    return bridge
      .handle('alarms.list', (args) => this.list(args?.filter))
      .handle('alarms.summary', () => this.summary())
      .handle('alarms.sync', () => this.summary())
      .handle('alarms.acknowledge', (args) => {
        const result = this.acknowledge(args?.keys ?? [], args?.comment, now());
        setTimeout(() => {
          bridge.emit('alarms.updated', { alarms: result.acknowledged });
          bridge.emit('alarms.changed', this.summary());
        }, 0);
        return result;
      });
  }
}
