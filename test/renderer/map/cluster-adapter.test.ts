import { describe, expect, it } from 'vitest';
import { NO_ALARM, SEVERITY_RANK } from '../../../src/renderer/src/features/map/alarm-rank';
import { ClusterAdapter } from '../../../src/renderer/src/features/map/cluster-adapter';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Points as the fleet's columns (FleetPositions), which the adapter reads. */
const columnsOf = (points: readonly { assetId: number; lat: number; lon: number }[]) => ({
  count: points.length,
  ids: points.map((p) => p.assetId),
  lat: points.map((p) => p.lat),
  lon: points.map((p) => p.lon),
});

describe('clustering at low zoom', () => {
  const adapter = new ClusterAdapter(10);
  // 20 assets in Rotterdam, 2 in Paris (fewer than 3 stay single), 1 in Berlin.
  const points = [
    ...Array.from({ length: 20 }, (_, i) => ({
      assetId: i + 1,
      lat: 51.92 + i * 0.001,
      lon: 4.4 + i * 0.001,
    })),
    { assetId: 101, lat: 48.85, lon: 2.35 },
    { assetId: 102, lat: 48.851, lon: 2.351 },
    { assetId: 201, lat: 52.52, lon: 13.4 },
  ];
  adapter.loadColumns(columnsOf(points));

  it('shows how many assets a cluster holds and keeps lone assets as markers', () => {
    const items = adapter.query(WORLD, 5);
    const clusters = items.filter((i) => i.kind === 'cluster');
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.kind === 'cluster' && clusters[0]!.count).toBe(20);
    const singles = items.filter((i) => i.kind === 'asset').map((i) => (i.kind === 'asset' ? i.assetId : 0));
    expect(singles.sort((a, b) => a - b)).toEqual([101, 102, 201]);
  });

  it('lists which assets a cluster holds, up to a limit', () => {
    const cluster = adapter.query(WORLD, 5).find((i) => i.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    const members = adapter.members(cluster.clusterId, 50);
    expect(members.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(adapter.members(cluster.clusterId, 5)).toHaveLength(5);
    expect(adapter.expansionZoom(cluster.clusterId)).toBeGreaterThan(5);
  });

  it('splits every cluster apart above its last clustering zoom', () => {
    const items = adapter.query(WORLD, 11);
    expect(items.every((i) => i.kind === 'asset')).toBe(true);
    expect(items).toHaveLength(points.length);
  });

  it('returns only what lies in the requested bounds', () => {
    const paris = adapter.query([2, 48, 3, 49], 5);
    expect(paris.map((i) => (i.kind === 'asset' ? i.assetId : -1)).sort()).toEqual([101, 102]);
  });

  it('re-indexes a fleet that moved, shrank or changed hands, from its columns', () => {
    const again = new ClusterAdapter(10);
    again.loadColumns(columnsOf(points));
    // The Rotterdam assets drive to Paris; Berlin's slot goes to another asset; Paris's second slot goes.
    again.loadColumns({
      count: 22,
      ids: [...points.slice(0, 21).map((p) => p.assetId), 301],
      lat: [...Array.from({ length: 20 }, (_, i) => 48.85 + i * 0.0001), 48.85, 52.52],
      lon: [...Array.from({ length: 20 }, (_, i) => 2.35 + i * 0.0001), 2.35, 13.4],
    });
    expect(again.query([4, 51, 5, 53], 5)).toEqual([]);
    const paris = again.query([2, 48, 3, 49], 5);
    expect(paris.map((i) => (i.kind === 'cluster' ? i.count : -1))).toEqual([21]);
    const berlin = again.query([13, 52, 14, 53], 5);
    expect(berlin.map((i) => (i.kind === 'asset' ? i.assetId : -1))).toEqual([301]);
  });

  it('indexes only the slots it is asked to keep, and the whole fleet again after', () => {
    const some = new ClusterAdapter(10);
    // Paris's and Berlin's slots only (the last three).
    expect(some.loadColumns(columnsOf(points), undefined, (slot) => slot >= 20)).toBe(3);
    expect(
      some
        .query(WORLD, 5)
        .map((i) => (i.kind === 'asset' ? i.assetId : -1))
        .sort(),
    ).toEqual([101, 102, 201]);
    expect(some.loadColumns(columnsOf(points))).toBe(points.length);
    expect(some.query(WORLD, 11)).toHaveLength(points.length);
  });
});

describe('alarms inside clusters', () => {
  const rotterdam = Array.from({ length: 20 }, (_, i) => ({
    assetId: i + 1,
    lat: 51.92 + i * 0.001,
    lon: 4.4 + i * 0.001,
  }));
  const paris = Array.from({ length: 5 }, (_, i) => ({
    assetId: 101 + i,
    lat: 48.85 + i * 0.001,
    lon: 2.35,
  }));
  const alarmOf = (ranks: Record<number, number>) => (id: number) => ranks[id] ?? NO_ALARM;
  const alarms = (adapter: ClusterAdapter): number[] =>
    adapter
      .query(WORLD, 5)
      .flatMap((i) => (i.kind === 'cluster' ? [i.alarm] : []))
      .sort();

  it('keeps the worst alarm of its members, however deep in the index they merged', () => {
    const adapter = new ClusterAdapter(10);
    // Rotterdam: a warning and a critical one; Paris: none.
    adapter.loadColumns(
      columnsOf([...rotterdam, ...paris]),
      alarmOf({ 3: SEVERITY_RANK.warning, 17: SEVERITY_RANK.critical }),
    );
    expect(alarms(adapter)).toEqual([SEVERITY_RANK.critical, NO_ALARM]);
    // Reloaded with the critical one acknowledged: the warning is what Rotterdam's cluster holds now.
    adapter.loadColumns(columnsOf([...rotterdam, ...paris]), alarmOf({ 3: SEVERITY_RANK.warning }));
    expect(alarms(adapter)).toEqual([SEVERITY_RANK.warning, NO_ALARM]);
    // And an index for one crowded zoom only says the same.
    const crowd = new ClusterAdapter(5, 5);
    crowd.loadColumns(columnsOf([...rotterdam, ...paris]), alarmOf({ 104: SEVERITY_RANK.info }));
    expect(alarms(crowd)).toEqual([SEVERITY_RANK.info, NO_ALARM]);
  });
});
