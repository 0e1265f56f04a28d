import { describe, expect, it } from 'vitest';
import { ClusterAdapter } from '../../../src/renderer/src/features/map/cluster-adapter';
import { FleetPositions } from '../../../src/renderer/src/features/map/fleet-positions';
import { mercatorX, mercatorY } from '../../../src/renderer/src/features/map/interpolation';
import { NO_STACK, spotKey, StackIndex } from '../../../src/renderer/src/features/map/stack-index';
import { parkedFix as fix } from '../support/parked-fix';

describe('vehicles parked on one spot', () => {
  it('groups every vehicle on the same fix, and no lone one', () => {
    const f = new FleetPositions();
    const depot = Array.from({ length: 23 }, (_, k) => fix(100 + k, 51.9225, 4.47917));
    f.apply([fix(1, 51.9, 4.4), ...depot, fix(2, 52, 5), fix(3, 52, 5)], false, 0, () => 2);
    const index = new StackIndex();
    index.rebuild(f);
    expect(index.stacks.map((s) => s.slots.length).sort((a, b) => a - b)).toEqual([2, 23]);
    const big = index.of(f.slot(110)!)!;
    expect(big.slots.map((s) => f.ids[s])).toEqual(depot.map((p) => p.assetId));
    expect(index.of(f.slot(1)!)).toBeUndefined();
    expect(index.stackOf[f.slot(1)!]).toBe(NO_STACK);
    expect(index.withKey(spotKey(mercatorX(4.47917), mercatorY(51.9225)))).toBe(big);
  });

  it('lets a vehicle that drives off leave its stack at the next rebuild', () => {
    const f = new FleetPositions();
    f.apply([fix(1, 50, 4), fix(2, 50, 4), fix(3, 50, 4)], false, 0, () => 2);
    const index = new StackIndex();
    index.rebuild(f);
    expect(index.stacks[0]!.slots).toHaveLength(3);
    f.apply([fix(3, 50.01, 4)], false, 0, () => 2);
    index.rebuild(f);
    expect(index.stacks).toHaveLength(1);
    expect(index.stacks[0]!.slots).toEqual([f.slot(1), f.slot(2)]);
    f.apply([fix(2, 50.02, 4)], false, 0, () => 2);
    index.rebuild(f);
    expect(index.stacks).toEqual([]);
  });

  it('follows a fleet replaced by a smaller one, and vehicles that join a spot or come back to it', () => {
    const f = new FleetPositions();
    f.apply([fix(1, 50, 4), fix(2, 51, 4), fix(3, 50, 4), fix(4, 51, 4)], false, 0, () => 2);
    const index = new StackIndex();
    index.rebuild(f);
    expect(index.stacks.map((s) => s.slots)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    const before = index.stacks[0]!;
    f.apply([fix(4, 50, 4)], false, 0, () => 2);
    index.rebuild(f);
    expect(index.withKey(before.key)!.slots).toEqual([0, 2, 3]);
    // A stack handed out before the rebuild is left as it was.
    expect(before.slots).toEqual([0, 2]);
    expect(index.of(1)).toBeUndefined();
    f.clear();
    f.apply([fix(9, 51, 4), fix(8, 51, 4)], false, 0, () => 2);
    index.rebuild(f);
    expect(index.stacks.map((s) => s.slots)).toEqual([[0, 1]]);
    expect([2, 3].map((s) => index.stackOf[s])).toEqual([NO_STACK, NO_STACK]);
    f.apply([fix(7, 50, 4), fix(6, 50, 4), fix(5, 52, 4)], false, 0, () => 2);
    index.rebuild(f);
    expect(index.stacks.map((s) => s.slots).sort()).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(index.of(4)).toBeUndefined();
  });

  it('keys spots as safe integers, apart for fixes a metre apart, and at the edges of the world', () => {
    const a = spotKey(mercatorX(4.4), mercatorY(51.9));
    const b = spotKey(mercatorX(4.400015), mercatorY(51.9));
    expect(a).not.toBe(b);
    for (const k of [a, spotKey(0, 0), spotKey(1, 1), spotKey(-1, 2)])
      expect(Number.isSafeInteger(k)).toBe(true);
  });

  it('tells a cluster made of one depot alone by its members: Supercluster moves its centre off the spot', () => {
    const f = new FleetPositions();
    const depots = [
      [45.46875, 9.1016, 12],
      [45.4312, 9.2207, 23],
      [45.5, 9.05, 13],
    ] as const;
    let id = 0;
    for (const [lat, lon, n] of depots)
      f.apply(
        Array.from({ length: n }, () => fix(++id, lat, lon)),
        false,
        0,
        () => 2,
      );
    const index = new StackIndex();
    index.rebuild(f);
    const clusters = new ClusterAdapter(10);
    clusters.loadColumns(f);
    const found = clusters.query([-180, -85, 180, 85], 10);
    expect(found.map((c) => c.kind === 'cluster' && c.count).sort()).toEqual([23, 25]);
    const stackOf = (c: (typeof found)[number]) =>
      c.kind === 'cluster' ? index.of(f.slot(clusters.firstMember(c.clusterId)!)!) : undefined;
    const lone = found.find((c) => c.kind === 'cluster' && c.count === 23)!;
    // Off by a centimetre or so: a key by place would miss it; its members tell.
    expect(spotKey(mercatorX(lone.lon), mercatorY(lone.lat))).not.toBe(stackOf(lone)!.key);
    expect(stackOf(lone)!.slots).toHaveLength(23);
    const merged = found.find((c) => c.kind === 'cluster' && c.count === 25)!;
    expect(stackOf(merged)!.slots.length).not.toBe(25);
  });
});
