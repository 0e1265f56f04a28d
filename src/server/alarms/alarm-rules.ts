import {
  ALARM_THRESHOLDS,
  DEFAULT_ALARM_SEVERITY,
  alertBodySchema,
  type AlarmKind,
  type AlarmSeverity,
} from '../../shared/interface';
import type { StoredRecord } from '../fleet/records/record-store';

/**
 * An enabled spec 4.3 `alert` record as the engine applies it
 * (docs/interface-decisions.md "Alarms and geofences"): to one asset or the
 * whole fleet, with the kind's default threshold and severity unless it names
 * its own, and only to what happens after it was last written (`since`), so an
 * edit takes effect from the next tick on and never reaches back.
 */
export interface AlarmRule {
  readonly id: number;
  readonly name: string;
  readonly kind: AlarmKind;
  /** null: every asset of the account. */
  readonly assetId: number | null;
  /** In the kind's unit (ALARM_THRESHOLDS); null for kinds without one. */
  readonly threshold: number | null;
  readonly unit: string | null;
  readonly geofenceId: number | null;
  readonly severity: AlarmSeverity;
  /** Epoch ms of the rule's last write: it applies to positions and incidents after this instant. */
  readonly since: number;
}

/** The enabled rules among the stored alert records; a record that no longer parses is skipped, not fatal. */
export function activeRules(records: readonly StoredRecord[]): AlarmRule[] {
  const out: AlarmRule[] = [];
  for (const r of records) {
    const parsed = alertBodySchema.safeParse(r.body);
    if (!parsed.success || !parsed.data.enabled) continue;
    const body = parsed.data;
    const meaning = ALARM_THRESHOLDS[body.kind];
    out.push({
      id: r.id,
      name: body.name,
      kind: body.kind,
      assetId: body.asset_id,
      threshold: meaning.unit === null ? null : (body.threshold ?? meaning.default),
      unit: meaning.unit,
      geofenceId: body.geofence_id,
      severity: body.severity ?? DEFAULT_ALARM_SEVERITY[body.kind],
      since: r.updatedAt,
    });
  }
  return out;
}

/** The rules of one asset, by kind: looked up once per asset and window, not per fix. */
export type RulesByKind = ReadonlyMap<AlarmKind, readonly AlarmRule[]>;

/** The rules that apply to `assetId` (null: to every asset alike, the fleet-wide ones), in their order. */
function byKind(rules: readonly AlarmRule[], assetId: number | null): RulesByKind {
  const out = new Map<AlarmKind, AlarmRule[]>();
  for (const r of rules) {
    if (r.assetId !== null && r.assetId !== assetId) continue;
    let list = out.get(r.kind);
    if (!list) out.set(r.kind, (list = []));
    list.push(r);
  }
  return out;
}

/**
 * Every asset's rules by kind, made once per change of the rules: the engine asks for them for every asset at
 * every tick, and building a map per asset and window was the alarm engine's largest allocation at 50,000
 * vehicles. The assets no rule names share one map (the fleet-wide rules); the others have their own.
 */
export interface RuleBook {
  forAsset(assetId: number): RulesByKind;
}

export function ruleBook(rules: readonly AlarmRule[]): RuleBook {
  const fleetWide = byKind(rules, null);
  const named = new Map<number, RulesByKind>();
  for (const r of rules)
    if (r.assetId !== null && !named.has(r.assetId)) named.set(r.assetId, byKind(rules, r.assetId));
  return { forAsset: (assetId) => named.get(assetId) ?? fleetWide };
}
