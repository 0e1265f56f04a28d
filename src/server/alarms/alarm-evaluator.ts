import type { AlarmKind, AlarmSeverity } from '../../shared/interface';
import type { Fleet, Incident, Sample, SimAsset } from '../sim/types';
import type { AlarmRule, RulesByKind } from './alarm-rules';
import type { GeofenceLookup } from '../../shared/geo/geofence-index';

/** An alarm as the engine raises it, before the store gives it an id. */
export interface RaisedAlarm {
  readonly kind: AlarmKind;
  readonly severity: AlarmSeverity;
  readonly assetId: number;
  readonly raisedAt: number;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly value: number | null;
  readonly threshold: number | null;
  readonly unit: string | null;
  readonly ruleId: number;
  readonly geofenceId: number | null;
  readonly message: string;
}

/** What the position rules compare a fix with: the fix before it. */
export interface FixState {
  readonly t: number;
  readonly lat: number;
  readonly lon: number;
  readonly speed: number;
  readonly fuelPct: number;
  readonly tempC: number | null;
  /** Geofences holding the position; null until asked (and again after the geofences changed). */
  inside: number[] | null;
}

export interface EvaluationScope {
  readonly fleet: Fleet;
  readonly geofences: GeofenceLookup;
  readonly geofenceNames: ReadonlyMap<number, string>;
}

const POSITION_KINDS: readonly AlarmKind[] = [
  'overspeed',
  'low_fuel',
  'temperature_high',
  'geofence_enter',
  'geofence_exit',
];
const INCIDENT_KINDS: readonly AlarmKind[] = ['harsh_driving', 'fuel_drain', 'engine_fault', 'power_cut'];

const one = (x: number): number => Math.round(x * 10) / 10;

export const usesPositions = (rules: RulesByKind): boolean => POSITION_KINDS.some((k) => rules.has(k));

function fixOf(asset: SimAsset, s: Sample): FixState {
  return {
    t: s.t,
    lat: s.lat,
    lon: s.lon,
    speed: s.speed,
    fuelPct: asset.fuelTankLiters > 0 ? (100 * s.fuelLiters) / asset.fuelTankLiters : 100,
    tempC: s.temperatureC,
    inside: null,
  };
}

/** The tracker's last fix at or before t (the simulator is a pure function of time, so this is exact). */
export function fixBefore(fleet: Fleet, asset: SimAsset, t: number): FixState | null {
  const at = fleet.lastFixAt(asset.id, t);
  if (at === null) return null;
  const s = fleet.history(asset.id, at, at)[0];
  return s ? fixOf(asset, s) : null;
}

const insideOf = (scope: EvaluationScope, f: FixState): number[] =>
  (f.inside ??= scope.geofences.containing(f.lat, f.lon));

/**
 * Everything the rules raise for one asset in [from, to]. A pure function of
 * the rules, the geofences, the window and the fix before it: evaluating two
 * adjacent windows gives exactly what one window spanning both gives, which
 * is what makes a restart's back-fill raise each alarm once
 * (docs/interface-decisions.md "Alarms and geofences").
 *
 * Episodes: a level rule (overspeed, low fuel, temperature) raises at the first
 * fix that meets it after a fix that did not (or after the rule was written);
 * a geofence rule at the fix where the asset's side of the boundary changed;
 * tracker offline once per outage; incidents (harsh driving, fuel drain,
 * engine fault, power cut) each time one happens.
 */
export function evaluateAsset(
  scope: EvaluationScope,
  asset: SimAsset,
  rules: RulesByKind,
  from: number,
  to: number,
  prev: FixState | null,
): { alarms: RaisedAlarm[]; last: FixState | null } {
  const alarms: RaisedAlarm[] = [];
  const raise = (
    r: AlarmRule,
    t: number,
    at: { lat: number; lon: number } | null,
    value: number | null,
    message: string,
  ): void => {
    alarms.push({
      kind: r.kind,
      severity: r.severity,
      assetId: asset.id,
      raisedAt: t,
      lat: at?.lat ?? null,
      lon: at?.lon ?? null,
      value,
      threshold: r.threshold,
      unit: r.unit,
      ruleId: r.id,
      geofenceId: r.geofenceId,
      message,
    });
  };

  let last = prev;
  if (usesPositions(rules) && Math.ceil(from / asset.intervalMs) * asset.intervalMs <= to) {
    scope.fleet.forEachSample(asset.id, from, to, (s) => {
      const cur = fixOf(asset, s);
      evaluateFix(scope, rules, last, cur, raise);
      last = cur;
    });
  }
  evaluateOutages(scope.fleet, asset, rules.get('tracker_offline'), from, to, raise);
  if (INCIDENT_KINDS.some((k) => rules.has(k)))
    for (const i of scope.fleet.incidents(asset.id, from, to)) evaluateIncident(rules, i, raise);
  alarms.sort((a, b) => a.raisedAt - b.raisedAt || a.ruleId - b.ruleId);
  return { alarms, last };
}

type Raise = (
  r: AlarmRule,
  t: number,
  at: { lat: number; lon: number } | null,
  value: number | null,
  message: string,
) => void;

function evaluateFix(
  scope: EvaluationScope,
  rules: RulesByKind,
  prev: FixState | null,
  cur: FixState,
  raise: Raise,
): void {
  const level = (
    kind: AlarmKind,
    holds: (f: FixState, threshold: number) => boolean,
    value: number | null,
    message: (r: AlarmRule) => string,
  ): void => {
    for (const r of rules.get(kind) ?? []) {
      if (cur.t <= r.since || r.threshold === null || !holds(cur, r.threshold)) continue;
      // The episode began earlier if the fix before already met the rule, and the rule already applied to it.
      if (prev && prev.t > r.since && holds(prev, r.threshold)) continue;
      raise(r, cur.t, cur, value, message(r));
    }
  };
  level(
    'overspeed',
    (f, x) => f.speed > x,
    one(cur.speed),
    (r) => `Speed ${one(cur.speed)} km/h, above ${r.threshold} km/h`,
  );
  level(
    'low_fuel',
    (f, x) => f.fuelPct < x,
    one(cur.fuelPct),
    (r) => `Fuel at ${one(cur.fuelPct)} %, below ${r.threshold} %`,
  );
  level(
    'temperature_high',
    (f, x) => f.tempC !== null && f.tempC > x,
    cur.tempC === null ? null : one(cur.tempC),
    (r) => `Cargo at ${one(cur.tempC ?? 0)} °C, above ${r.threshold} °C`,
  );
  for (const [kind, entering] of [
    ['geofence_enter', true],
    ['geofence_exit', false],
  ] as const) {
    for (const r of rules.get(kind) ?? []) {
      // No fix before: nothing to compare with, so no crossing (the baseline is taken silently).
      if (cur.t <= r.since || r.geofenceId === null || !prev) continue;
      const now = insideOf(scope, cur).includes(r.geofenceId);
      const before = insideOf(scope, prev).includes(r.geofenceId);
      if (now === before || now !== entering) continue;
      const name = scope.geofenceNames.get(r.geofenceId) ?? `geofence ${r.geofenceId}`;
      raise(r, cur.t, cur, null, entering ? `Entered ${name}` : `Left ${name}`);
    }
  }
}

/**
 * Silence longer than the threshold, counted from the last fix before an
 * outage: raised at that instant (or when the rule was written, if later),
 * once per outage, and only while the tracker is still silent.
 */
function evaluateOutages(
  fleet: Fleet,
  asset: SimAsset,
  rules: readonly AlarmRule[] | undefined,
  from: number,
  to: number,
  raise: Raise,
): void {
  if (!rules || rules.length === 0) return;
  const iv = asset.intervalMs;
  for (const o of fleet.outages(asset.id, Math.max(0, from - iv), to)) {
    const lastFix = fleet.lastFixAt(asset.id, o.start - 1);
    if (lastFix === null) continue;
    const nextFix = Math.ceil(o.end / iv) * iv;
    let where: { lat: number; lon: number } | null | undefined;
    for (const r of rules) {
      const thresholdMs = Math.max(0, (r.threshold ?? 0) * 60_000);
      const at = Math.max(lastFix + thresholdMs, o.start, r.since + 1);
      if (at < from || at > to || at >= nextFix) continue;
      where ??= fleet.history(asset.id, lastFix, lastFix)[0] ?? null;
      const silentMin = one((at - lastFix) / 60_000);
      raise(r, at, where, silentMin, `No data from the tracker for ${silentMin} min`);
    }
  }
}

function evaluateIncident(rules: RulesByKind, i: Incident, raise: Raise): void {
  for (const r of rules.get(i.kind) ?? []) {
    if (i.t <= r.since) continue;
    if (i.kind === 'harsh_driving') {
      if (r.threshold !== null && i.g < r.threshold) continue;
      raise(r, i.t, i, i.g, `Harsh ${i.harsh} (${i.g.toFixed(2)} g at ${Math.round(i.speed)} km/h)`);
    } else if (i.kind === 'fuel_drain') {
      if (r.threshold !== null && i.liters < r.threshold) continue;
      raise(r, i.t, i, i.liters, `Suspected fuel drain: ${i.liters.toFixed(1)} l lost while parked`);
    } else if (i.kind === 'engine_fault') {
      raise(r, i.t, i, null, `${i.code}: ${i.description}`);
    } else {
      raise(r, i.t, i, null, 'Tracker external power disconnected');
    }
  }
}
