import { describe, expect, it } from 'vitest';
import type { AlarmRule } from '../../../src/server/alarms/alarm-rules';
import { ruleBook } from '../../../src/server/alarms/alarm-rules';
import { evaluateAsset, fixBefore, type EvaluationScope } from '../../../src/server/alarms/alarm-evaluator';
import { indexGeofences } from '../../../src/shared/geo/geofence-index';
import { createFleet } from '../../../src/server/sim/fleet';

const fleet = createFleet({ seed: 1, size: 30 });
const scope: EvaluationScope = { fleet, geofences: indexGeofences([]), geofenceNames: new Map() };
const DAY_START = Date.parse('2026-03-10T00:00:00Z');
const DAY_END = DAY_START + 86_400_000 - 1;

const rule = (over: Partial<AlarmRule> & Pick<AlarmRule, 'kind'>): AlarmRule => ({
  id: 1,
  name: 'r',
  assetId: null,
  threshold: null,
  unit: null,
  geofenceId: null,
  severity: 'warning',
  since: 0,
  ...over,
});

/** The asset's fixes over the day and what one rule raises on them. */
function day(assetId: number, r: AlarmRule) {
  const asset = fleet.asset(assetId)!;
  const alarms = evaluateAsset(
    scope,
    asset,
    ruleBook([r]).forAsset(assetId),
    DAY_START,
    DAY_END,
    fixBefore(fleet, asset, DAY_START - 1),
  ).alarms;
  return { asset, alarms, fixes: fleet.history(assetId, DAY_START, DAY_END) };
}

describe('alarm rules', () => {
  it('are looked up per asset from a book made once: each asset gets its own rules and the fleet-wide ones, in order', () => {
    const rules = [
      rule({ id: 1, kind: 'overspeed', threshold: 90 }),
      rule({ id: 2, kind: 'overspeed', threshold: 50, assetId: 3 }),
      rule({ id: 3, kind: 'low_fuel', threshold: 10, assetId: 5 }),
      rule({ id: 4, kind: 'overspeed', threshold: 70 }),
      rule({ id: 5, kind: 'harsh_driving', assetId: 3 }),
    ];
    const book = ruleBook(rules);
    const ids = (assetId: number) =>
      Object.fromEntries([...book.forAsset(assetId)].map(([kind, list]) => [kind, list.map((r) => r.id)]));
    expect(ids(3)).toEqual({ overspeed: [1, 2, 4], harsh_driving: [5] });
    expect(ids(5)).toEqual({ overspeed: [1, 4], low_fuel: [3] });
    for (const a of fleet.assets)
      if (a.id !== 3 && a.id !== 5) expect(ids(a.id)).toEqual({ overspeed: [1, 4] });
    // The assets no rule names share the fleet-wide rules: one map, not one per asset and window.
    expect(book.forAsset(1)).toBe(book.forAsset(2));
    expect(book.forAsset(3)).not.toBe(book.forAsset(1));
    expect(ruleBook([]).forAsset(1).size).toBe(0);
  });

  it('an overspeed episode raises once, when the speed first goes over the threshold, and again only after it fell back', () => {
    const threshold = 50;
    const { alarms, fixes } = day(1, rule({ kind: 'overspeed', threshold, unit: 'km/h' }));
    const starts = fixes
      .filter((f, i) => f.speed > threshold && !((fixes[i - 1]?.speed ?? 0) > threshold))
      .map((f) => f.t);
    expect(starts.length).toBeGreaterThan(1);
    expect(alarms.map((a) => a.raisedAt)).toEqual(starts);
    expect(alarms.every((a) => (a.value ?? 0) > threshold && a.unit === 'km/h')).toBe(true);
  });

  it('a rule applies to what happens after it was written, to one asset or to all', () => {
    const since = DAY_START + 12 * 3_600_000;
    expect(
      day(1, rule({ kind: 'overspeed', threshold: 50, since })).alarms.every((a) => a.raisedAt > since),
    ).toBe(true);
    const always = { kind: 'low_fuel', threshold: 101, since: DAY_START } as const;
    expect(day(2, rule({ ...always, assetId: 1 })).alarms).toEqual([]);
    expect(day(2, rule(always)).alarms).toHaveLength(1);
    expect(day(1, rule({ ...always, assetId: 1 })).alarms).toHaveLength(1);
  });

  it('harsh driving at or above the threshold in g, engine faults and fuel drains come from the simulator’s incidents', () => {
    const harsh = fleet.assets.flatMap(
      (a) => day(a.id, rule({ kind: 'harsh_driving', threshold: 0.3, unit: 'g' })).alarms,
    );
    const incidents = fleet.assets
      .flatMap((a) => fleet.incidents(a.id, DAY_START, DAY_END))
      .filter((i) => i.kind === 'harsh_driving');
    expect(harsh.length).toBe(incidents.filter((i) => i.g >= 0.3).length);
    expect(harsh.length).toBeGreaterThan(0);
    const faults = fleet.assets.flatMap((a) => day(a.id, rule({ kind: 'engine_fault' })).alarms);
    const simFaults = fleet.assets.flatMap((a) =>
      fleet.alarms(a.id, DAY_START, DAY_END).filter((x) => x.kind === 'engine_fault'),
    );
    expect(faults.map((a) => a.raisedAt).sort()).toEqual(simFaults.map((a) => a.t).sort());
  });

  it('tracker offline is raised once per outage, when the silence passes the threshold', () => {
    const flaky = fleet.assets.filter((a) => a.flaky);
    let raised = 0;
    for (const a of flaky) {
      const { alarms } = day(a.id, rule({ kind: 'tracker_offline', threshold: 15, unit: 'min' }));
      const long = fleet.outages(a.id, DAY_START, DAY_END).filter((o) => {
        const last = fleet.lastFixAt(a.id, o.start - 1)!;
        return (
          last + 15 * 60_000 < Math.ceil(o.end / a.intervalMs) * a.intervalMs &&
          last + 15 * 60_000 >= DAY_START
        );
      });
      expect(alarms.map((x) => x.raisedAt)).toEqual(
        long.map((o) => Math.max(fleet.lastFixAt(a.id, o.start - 1)! + 15 * 60_000, o.start)),
      );
      expect(alarms.every((x) => x.value === 15)).toBe(true);
      raised += alarms.length;
    }
    expect(raised).toBeGreaterThan(0);
  });
});
