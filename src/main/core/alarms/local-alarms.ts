import { DEFAULT_ALARM_SEVERITY, type AlarmKind } from '../../../shared/interface';
import { indexGeofences, type GeofenceLookup } from '../../../shared/geo/geofence-index';
import type { AlertRuleView, GeofenceView, InboxAlarm } from '../../../shared/ipc/alarm-views';
import type { LivePosition, Settings } from '../../../shared/ipc/views';
import type { LiveFeed } from '../live/live-feed';
import type { AlarmRuleBook } from './alarm-rule-book';

/** How often silent trackers are looked for. */
export const SILENCE_CHECK_MS = 30_000;
/** An overspeed episode ends when the speed is this far below the limit, so a speed hovering at it raises once. */
const SPEED_HYSTERESIS_KMH = 5;

export interface LocalAlarmsOptions {
  readonly live: Pick<LiveFeed, 'subscribe' | 'latest'>;
  readonly rules: Pick<AlarmRuleBook, 'geofences' | 'rules' | 'subscribe'>;
  readonly settings: () => Pick<Settings, 'localOfflineMinutes' | 'localSpeedKmh'>;
  assetName(assetId: number): string | null;
  raise(alarms: InboxAlarm[]): void;
  readonly checkIntervalMs?: number;
}

/**
 * Alarms the core raises itself against a service without the alarm feed
 * (docs/architecture.md "Alarms", local mode), from the live positions the
 * LiveFeed hands on (already newest-first per asset; nothing is ordered
 * again here): geofence enter and exit for this computer's rules, a tracker
 * silent for longer than the Settings say, and a speed over the Settings'
 * limit. Each is raised once per episode.
 *
 * Silence is measured on the fleet's own clock (the newest fix of any asset),
 * not this computer's: a simulated or skewed service clock raises nothing
 * false, and while our own connection is down no tracker looks silent.
 */
export interface LocalAlarms {
  start(): void;
  stop(): void;
  /** One batch of positions (the LiveFeed's news); public for the benchmark and tests. */
  evaluate(positions: readonly LivePosition[]): void;
  /** Looks for silent trackers now. */
  checkSilence(): void;
}

interface Watch {
  readonly lookup: GeofenceLookup;
  readonly geofences: ReadonlyMap<number, GeofenceView>;
  readonly rules: readonly AlertRuleView[];
}

export function createLocalAlarms(o: LocalAlarmsOptions): LocalAlarms {
  let watch: Watch = { lookup: indexGeofences([]), geofences: new Map(), rules: [] };
  /** Which watched geofences hold each asset; unknown until its first fix (no alarm on first sight). */
  let inside = new Map<number, readonly number[]>();
  const speeding = new Set<number>();
  const silent = new Set<number>();
  let unsubscribe: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;

  const rebuild = (): void => {
    const rules = o.rules.rules().filter((r) => r.source === 'local' && r.enabled && r.geofence_id !== null);
    const used = new Set(rules.map((r) => r.geofence_id));
    const geofences = o.rules.geofences().filter((g) => g.source === 'local' && used.has(g.id));
    watch = {
      lookup: indexGeofences(geofences),
      geofences: new Map(geofences.map((g) => [g.id, g])),
      rules,
    };
    // Changed geofences: where each asset's newest fix is now is the baseline, not an enter or exit.
    inside = new Map();
    if (watch.lookup.size > 0)
      for (const p of o.live.latest()) inside.set(p.assetId, watch.lookup.containing(p.lat, p.lon));
  };

  const alarm = (
    kind: AlarmKind,
    p: { assetId: number; t: number; lat: number; lon: number } | LivePosition,
    fields: Pick<InboxAlarm, 'message' | 'value' | 'threshold' | 'unit' | 'ruleId' | 'geofenceId'> & {
      severity?: InboxAlarm['severity'];
      raisedAt?: number;
    },
  ): InboxAlarm => ({
    // The same episode evaluated twice (a restart, a fix delivered again) is the same alarm, kept once.
    key: `local:${kind}:${p.assetId}:${p.t}:${fields.ruleId ?? ''}`,
    source: 'local',
    serviceId: null,
    kind,
    severity: fields.severity ?? DEFAULT_ALARM_SEVERITY[kind],
    assetId: p.assetId,
    assetName: o.assetName(p.assetId) ?? `Asset ${p.assetId}`,
    raisedAt: fields.raisedAt ?? p.t,
    position: { latitude: p.lat, longitude: p.lon },
    value: fields.value,
    threshold: fields.threshold,
    unit: fields.unit,
    message: fields.message,
    ruleId: fields.ruleId,
    geofenceId: fields.geofenceId,
    acknowledgement: null,
  });

  const crossings = (p: LivePosition, out: InboxAlarm[]): void => {
    if (watch.lookup.size === 0) return;
    const now = watch.lookup.containing(p.lat, p.lon);
    const before = inside.get(p.assetId);
    inside.set(p.assetId, now);
    if (before === undefined) return;
    const cross = (
      ids: readonly number[],
      other: readonly number[],
      kind: 'geofence_enter' | 'geofence_exit',
    ): void => {
      for (const id of ids) {
        if (other.includes(id)) continue;
        const g = watch.geofences.get(id);
        if (!g) continue;
        for (const r of watch.rules) {
          if (r.kind !== kind || r.geofence_id !== id || (r.asset_id !== null && r.asset_id !== p.assetId))
            continue;
          const name = o.assetName(p.assetId) ?? `Asset ${p.assetId}`;
          out.push(
            alarm(kind, p, {
              message: `${name} ${kind === 'geofence_enter' ? 'entered' : 'left'} ${g.name}`,
              value: null,
              threshold: null,
              unit: null,
              ruleId: r.id,
              geofenceId: id,
              severity: r.severity,
            }),
          );
        }
      }
    };
    cross(now, before, 'geofence_enter');
    cross(before, now, 'geofence_exit');
  };

  const speed = (p: LivePosition, limit: number | null, out: InboxAlarm[]): void => {
    if (limit === null) return speeding.clear();
    if (p.speed > limit && !speeding.has(p.assetId)) {
      speeding.add(p.assetId);
      out.push(
        alarm('overspeed', p, {
          message: `Speed ${Math.round(p.speed)} km/h, above the limit of ${limit} km/h`,
          value: p.speed,
          threshold: limit,
          unit: 'km/h',
          ruleId: null,
          geofenceId: null,
        }),
      );
    } else if (p.speed <= limit - SPEED_HYSTERESIS_KMH) speeding.delete(p.assetId);
  };

  const evaluate = (positions: readonly LivePosition[]): void => {
    const limit = o.settings().localSpeedKmh;
    const out: InboxAlarm[] = [];
    for (const p of positions) {
      silent.delete(p.assetId);
      crossings(p, out);
      speed(p, limit, out);
    }
    if (out.length > 0) o.raise(out);
  };

  const checkSilence = (): void => {
    const minutes = o.settings().localOfflineMinutes;
    if (minutes === null) return;
    const latest = o.live.latest();
    let clock = -Infinity;
    for (const p of latest) clock = Math.max(clock, p.t);
    const out: InboxAlarm[] = [];
    for (const p of latest) {
      const silentMin = (clock - p.t) / 60_000;
      if (silentMin <= minutes || silent.has(p.assetId)) continue;
      silent.add(p.assetId);
      out.push(
        alarm(
          'tracker_offline',
          { ...p, t: clock },
          {
            message: `No position for ${Math.floor(silentMin)} min (more than ${minutes} min); last seen here`,
            value: Math.floor(silentMin),
            threshold: minutes,
            unit: 'min',
            ruleId: null,
            geofenceId: null,
          },
        ),
      );
    }
    if (out.length > 0) o.raise(out);
  };

  return {
    start() {
      if (timer) return;
      rebuild();
      unsubscribe = [o.live.subscribe(evaluate), o.rules.subscribe({ geofences: rebuild, rules: rebuild })];
      timer = setInterval(checkSilence, o.checkIntervalMs ?? SILENCE_CHECK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const u of unsubscribe) u();
      unsubscribe = [];
      inside = new Map();
      speeding.clear();
      silent.clear();
    },
    evaluate,
    checkSilence,
  };
}
