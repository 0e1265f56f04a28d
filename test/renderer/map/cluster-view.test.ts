import { describe, expect, it, vi } from 'vitest';
import { NO_ALARM } from '../../../src/renderer/src/features/map/alarm-rank';
import { ClusterView, placeInView } from '../../../src/renderer/src/features/map/cluster-view';
import { FleetPositions } from '../../../src/renderer/src/features/map/fleet-positions';
import { MarkerFrame } from '../../../src/renderer/src/features/map/marker-frame';
import type { LivePosition } from '../../../src/shared/ipc';
import type { ClusterItem } from '../../../src/renderer/src/features/map/cluster-adapter';
import { mercatorX, mercatorY } from '../../../src/renderer/src/features/map/interpolation';

/** Zoom 10 around Rotterdam, the map's top-left container corner at (51.95 N, 4.3 E), 800×600. */
const scale = 256 * 2 ** 10;
const view = {
  scale,
  ox: mercatorX(4.3) * scale,
  oy: mercatorY(51.95) * scale,
  width: 800,
  height: 600,
};

describe('clusters and lone assets placed in view', () => {
  it('places each at its container pixel, in the order they are drawn', () => {
    const items: ClusterItem[] = [
      { kind: 'cluster', clusterId: 5, count: 30, lat: 51.9, lon: 4.4, alarm: NO_ALARM },
      { kind: 'asset', assetId: 9, lat: 51.92, lon: 4.5 },
    ];
    const placed = placeInView(items, view);
    expect(placed.map((p) => p.kind)).toEqual(['cluster', 'asset']);
    const [c, a] = placed;
    expect(c?.kind === 'cluster' && c.hit).toMatchObject({ clusterId: 5, count: 30, lat: 51.9, lon: 4.4 });
    expect(c?.kind === 'cluster' && c.hit.x).toBeCloseTo(0.1 * (scale / 360), 6);
    expect(a).toMatchObject({ kind: 'asset', assetId: 9 });
    expect(a?.kind === 'asset' && a.x).toBeCloseTo(0.2 * (scale / 360), 6);
    expect(a?.kind === 'asset' && a.y).toBeGreaterThan(0);
  });

  it('leaves out what lies beyond the view and its margin, keeps what lies just past the edge', () => {
    const perDegree = scale / 360;
    const items: ClusterItem[] = [
      { kind: 'asset', assetId: 1, lat: 51.94, lon: 4.3 - 20 / perDegree },
      { kind: 'asset', assetId: 2, lat: 51.94, lon: 4.3 - 60 / perDegree },
      { kind: 'cluster', clusterId: 3, count: 4, lat: 60, lon: 4.4, alarm: NO_ALARM },
    ];
    const ids = placeInView(items, view).map((p) => (p.kind === 'asset' ? p.assetId : -1));
    expect(ids).toEqual([1]);
  });
});

describe('re-indexing the fleet as fixes come in', () => {
  const fix = (assetId: number, lat: number, lon: number): LivePosition => ({
    assetId,
    lat,
    lon,
    speed: 50,
    course: 90,
    t: 0,
    state: 'moving',
    ignition: true,
  });

  it('re-indexes once a vehicle has moved a pixel at the map zoom, and not before', () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const f = new FleetPositions();
    const view = new ClusterView(11);
    const later = vi.fn();
    /** `ms` after the last look, these fixes came in and a frame asks for the index: how many builds so far. */
    const frameAfter = (ms: number, fixes: LivePosition[]): number => {
      f.apply(fixes, false, 0, () => 0);
      if (fixes.length > 0) view.markDirty();
      now += ms;
      view.refresh(f, later, 7);
      return view.built;
    };
    expect(frameAfter(0, [fix(1, 52, 5), fix(2, 52.01, 5), fix(3, 52.02, 5)])).toBe(1);
    // 100 m east: a tenth of a pixel at zoom 7.
    expect(frameAfter(1000, [fix(2, 52.01, 5.0015)])).toBe(1);
    // Checked again a second on, even if no more fixes come in.
    expect(later).toHaveBeenLastCalledWith(1000);
    // Two pixels, within the second's throttle; then after it.
    expect(frameAfter(500, [fix(2, 52.01, 5.03)])).toBe(1);
    expect(later).toHaveBeenLastCalledWith(500);
    expect(frameAfter(500, [])).toBe(2);
    // A new vehicle or a new zoom re-indexes at once.
    expect(frameAfter(1000, [fix(4, 52.03, 5)])).toBe(3);
    view.invalidate();
    expect(frameAfter(0, [])).toBe(4);
    vi.restoreAllMocks();
  });

  it('indexes a crowded view above the clustering zoom for the zoom shown, at once on a new zoom', () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const f = new FleetPositions();
    // Three vehicles 11 m apart and one 5 km off: at zoom 13 the three are one cluster, the fourth lone.
    f.apply([fix(1, 52, 5), fix(2, 52.0001, 5), fix(3, 52.0002, 5), fix(4, 52, 5.07)], false, 0, () => 0);
    const clusters = new ClusterView(11);
    const later = vi.fn();
    const drawnAt = (zoom: number): string[] => {
      const scene: number[] = [];
      const view = { scale: 256 * 2 ** zoom, ox: 0, oy: 0, width: 1e9, height: 1e9, dpr: 1 };
      const drawn = clusters.draw(scene, f, new MarkerFrame(), [4.9, 51.9, 5.2, 52.1], zoom, view);
      return [...drawn.map((c) => `cluster of ${c.count}`), `${scene.length / 5 - drawn.length} lone`];
    };
    clusters.refresh(f, later, 13);
    expect(clusters.built).toBe(1);
    expect(drawnAt(13)).toEqual(['cluster of 3', '1 lone']);
    // Zoom 17, within the throttle's second: a new index at once (11 m are ~15 px there, inside the
    // 56 px radius: still one cluster).
    now += 100;
    clusters.refresh(f, later, 17);
    expect(clusters.built).toBe(2);
    expect(drawnAt(17)).toEqual(['cluster of 3', '1 lone']);
    // Zoom 19: 11 m are ~60 px, every vehicle apart.
    now += 100;
    clusters.refresh(f, later, 19);
    expect(clusters.built).toBe(3);
    expect(drawnAt(19)).toEqual(['4 lone']);
    // The same zoom, nothing new: the index stands.
    now += 2000;
    clusters.refresh(f, later, 19.5);
    expect(clusters.built).toBe(3);
    vi.restoreAllMocks();
  });

  it('re-indexes when the alarms change though no vehicle moved, once the throttle allows', () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const f = new FleetPositions();
    f.apply([fix(1, 52, 5), fix(2, 52.0001, 5), fix(3, 52.0002, 5)], false, 0, () => 0);
    const clusters = new ClusterView(11);
    const later = vi.fn();
    const scene: number[] = [];
    const view = { scale: 256 * 2 ** 7, ox: 0, oy: 0, width: 1e9, height: 1e9, dpr: 1 };
    const alarmShown = (): number[] =>
      clusters.draw(scene, f, new MarkerFrame(), [4.9, 51.9, 5.2, 52.1], 7, view).map((c) => c.alarm);
    clusters.refresh(f, later, 7);
    expect(alarmShown()).toEqual([NO_ALARM]);
    clusters.setAlarmed(new Map([[2, 1]]));
    now += 300;
    clusters.refresh(f, later, 7);
    expect(clusters.built).toBe(1);
    expect(later).toHaveBeenLastCalledWith(700);
    now += 700;
    clusters.refresh(f, later, 7);
    expect(clusters.built).toBe(2);
    expect(alarmShown()).toEqual([1]);
    vi.restoreAllMocks();
  });

  it('indexes a crowded view with the fixes around what is shown, and again at once when a pan leaves them', () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const f = new FleetPositions();
    // Three vehicles together near 5° E, three more 0.5° east: at zoom 13 that is ~1,500 px apart.
    const here = [fix(1, 52, 5), fix(2, 52.0001, 5), fix(3, 52.0002, 5)];
    const there = [fix(4, 52, 5.5), fix(5, 52.0001, 5.5), fix(6, 52.0002, 5.5)];
    f.apply([...here, ...there], false, 0, () => 0);
    const clusters = new ClusterView(11);
    const later = vi.fn();
    const around = (lon: number) => ({
      x0: mercatorX(lon - 0.01),
      y0: mercatorY(52.01),
      x1: mercatorX(lon + 0.01),
      y1: mercatorY(51.99),
    });
    const counts = (): number[] => {
      const view = { scale: 256 * 2 ** 13, ox: 0, oy: 0, width: 1e12, height: 1e12, dpr: 1 };
      return clusters.draw([], f, new MarkerFrame(), [4.9, 51.9, 5.6, 52.1], 13, view).map((c) => c.count);
    };
    clusters.refresh(f, later, 13, around(5));
    expect(clusters.built).toBe(1);
    // Only the three around the view are in the index.
    expect(counts()).toEqual([3]);
    // A small pan stays inside what was indexed: nothing to do within the throttle.
    now += 100;
    clusters.refresh(f, later, 13, around(5.002));
    expect(clusters.built).toBe(1);
    // A pan to the others: re-indexed at once, throttle or not.
    now += 100;
    clusters.refresh(f, later, 13, around(5.5));
    expect(clusters.built).toBe(2);
    expect(counts()).toEqual([3]);
    // A view that takes in every fix: any later view at this zoom is covered.
    now += 100;
    clusters.refresh(f, later, 13, { ...around(5), x1: mercatorX(5.6) });
    expect(clusters.built).toBe(3);
    expect(counts()).toEqual([3, 3]);
    now += 100;
    clusters.refresh(f, later, 13, around(5.3));
    expect(clusters.built).toBe(3);
    vi.restoreAllMocks();
  });
});
