import { createPinia, setActivePinia } from 'pinia';
import { isReactive } from 'vue';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/src/api';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import type { LivePosition } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { simFleet } from '../support/sim-fleet';

const fix = (assetId: number, t: number, lat = 1): LivePosition => ({
  assetId,
  lat,
  lon: 2,
  speed: 10,
  course: 0,
  t,
  state: 'moving',
  ignition: true,
});

describe('fleet store', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    setActivePinia(createPinia());
    bridge = new FakeBridge();
    setBridge(bridge);
  });

  it('applies live pushes in place, outside deep reactivity, with one version bump per batch', () => {
    const fleet = useFleet();
    fleet.listen();
    const map = fleet.positions;
    expect(isReactive(map)).toBe(false);
    bridge.emit('live.positions', { positions: [fix(1, 10), fix(2, 10)] });
    bridge.emit('live.positions', { positions: [fix(1, 20, 5)] });
    expect(fleet.positions).toBe(map);
    expect(fleet.positions.get(1)?.lat).toBe(5);
    expect(fleet.version).toBe(2);
  });

  it('takes each live batch once a frame has been drawn after it, so main may send the next', async () => {
    const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    // Batches of the tests before this one are taken in the first frame to come: on this test's bridge.
    await nextFrame();
    bridge.calls.length = 0;
    bridge.handle('app.liveTaken', null);
    const fleet = useFleet();
    fleet.listen();
    const drawn: number[] = [];
    fleet.onPositions(() => requestAnimationFrame(() => drawn.push(fleet.version)));
    bridge.emit('live.positions', { positions: [fix(1, 10)] });
    bridge.emit('live.positions', { positions: [fix(1, 20)] });
    // Applied at once, taken only after the frame that draws it.
    expect(fleet.positions.get(1)?.t).toBe(20);
    expect(bridge.calls.filter((c) => c.method === 'app.liveTaken')).toHaveLength(0);
    await nextFrame();
    expect(drawn).toEqual([2, 2]);
    expect(bridge.calls.filter((c) => c.method === 'app.liveTaken')).toHaveLength(2);
  });

  it('hands every batch to the map layer as it arrives', () => {
    const fleet = useFleet();
    const seen: number[] = [];
    const off = fleet.onPositions((b) => seen.push(b.length));
    fleet.applyPositions([fix(1, 1), fix(2, 1), fix(3, 1)]);
    off();
    fleet.applyPositions([fix(1, 2)]);
    expect(seen).toEqual([3]);
  });

  /** The store with a cached snapshot of `size` simulated assets loaded, listening to pushes. */
  const loaded = async (size: number) => {
    const sim = simFleet(size);
    bridge.handle('fleet.snapshot', {
      assets: sim.assets,
      positions: sim.positions,
      fetchedAt: 1,
      fromCache: true,
    });
    const fleet = useFleet();
    fleet.listen();
    await fleet.load();
    return { sim, fleet };
  };

  it('loads the snapshot: assets by id and their last positions', async () => {
    const { sim, fleet } = await loaded(20);
    expect(fleet.assets).toHaveLength(20);
    expect(fleet.assetsById.get(7)?.name).toBe(sim.assets[6]!.name);
    expect(fleet.positions.size).toBe(20);
    expect(fleet.fromCache).toBe(true);
  });

  it('applies a refresh of the list: a new list when it has one, positions of the assets it forgot gone, the others kept', async () => {
    const { sim, fleet } = await loaded(5);
    const assets = fleet.assets;
    bridge.emit('live.positions', { positions: [fix(1, 10, 7)] });
    const version = fleet.version;
    bridge.emit('fleet.listed', { assets: null, forgotten: [], fetchedAt: 2, fromCache: false });
    expect(fleet.assets).toBe(assets);
    expect(fleet.positions.get(1)?.lat).toBe(7);
    expect(fleet.positions.size).toBe(5);
    expect([fleet.version, fleet.removals]).toEqual([version, 0]);
    expect([fleet.fetchedAt, fleet.fromCache]).toEqual([2, false]);

    bridge.emit('fleet.listed', {
      assets: sim.assets.slice(0, 4),
      forgotten: [5],
      fetchedAt: 3,
      fromCache: false,
    });
    expect(fleet.assets).toHaveLength(4);
    expect(fleet.assetsById.has(5)).toBe(false);
    expect([...fleet.positions.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(fleet.positions.get(1)?.lat).toBe(7);
    expect([fleet.version, fleet.removals]).toEqual([version + 1, 1]);
    // Offline: the list stands, marked as cached; an id it no longer shows changes nothing.
    bridge.emit('fleet.listed', { assets: null, forgotten: [5], fetchedAt: 3, fromCache: true });
    expect([fleet.version, fleet.removals, fleet.fromCache]).toEqual([version + 1, 1, true]);
  });
});
