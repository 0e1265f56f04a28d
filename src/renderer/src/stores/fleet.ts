import { defineStore } from 'pinia';
import { markRaw, ref, shallowRef } from 'vue';
import type { Asset, FleetListed, FleetSnapshot, LivePosition, Location } from '../../../shared/ipc';
import { call, subscribe } from '../api';

export type PositionsListener = (positions: readonly LivePosition[]) => void;

/**
 * The fleet as the screens see it. Positions live outside deep reactivity
 * (docs/architecture.md "The renderer"): one Map mutated in place plus a version counter, so a batch of
 * 10,000 updates costs 10,000 Map.set calls and one reactive bump, not 10,000
 * proxied writes. The map layer listens to the raw batches to animate them.
 */
export const useFleet = defineStore('fleet', () => {
  const assets = shallowRef<readonly Asset[]>([]);
  const assetsById = shallowRef<ReadonlyMap<number, Asset>>(new Map());
  const positions = markRaw(new Map<number, LivePosition>());
  const version = ref(0);
  const fetchedAt = ref<number | null>(null);
  const fromCache = ref(false);
  const loaded = ref(false);
  /** Bumped when positions go other than by a batch (a list that left their assets out): the map redraws whole. */
  const removals = ref(0);
  const listeners = new Set<PositionsListener>();

  // The core's live feed orders positions (newest fix wins there) and sends only newer fixes.
  function applyPositions(batch: readonly LivePosition[]): void {
    for (const p of batch) positions.set(p.assetId, p);
    version.value += 1;
    for (const l of listeners) l(batch);
  }

  function applySnapshot(snap: FleetSnapshot): void {
    assets.value = snap.assets;
    assetsById.value = new Map(snap.assets.map((a) => [a.id, a]));
    positions.clear();
    fetchedAt.value = snap.fetchedAt;
    fromCache.value = snap.fromCache;
    loaded.value = true;
    applyPositions(snap.positions);
  }

  function applyListed(l: FleetListed): void {
    if (l.assets) {
      assets.value = l.assets;
      assetsById.value = new Map(l.assets.map((a) => [a.id, a]));
    }
    let dropped = false;
    for (const id of l.forgotten) dropped = positions.delete(id) || dropped;
    if (dropped) {
      version.value += 1;
      removals.value += 1;
    }
    fetchedAt.value = l.fetchedAt;
    fromCache.value = l.fromCache;
  }

  return {
    assets,
    assetsById,
    positions,
    version,
    fetchedAt,
    fromCache,
    loaded,
    removals,
    applyPositions,
    applySnapshot,
    applyListed,
    onPositions(listener: PositionsListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: async (): Promise<void> => applySnapshot(await call('fleet.snapshot')),
    refresh: async (): Promise<void> => applySnapshot(await call('fleet.refresh')),
    location: (assetId: number): Promise<Location> => call('fleet.location', { assetId }),
    listen(): () => void {
      const offs = [
        subscribe('live.positions', (p) => {
          applyPositions(p.positions);
          // Main sends the next batch once this one has been drawn (docs/architecture.md "Live positions"):
          // a page that draws slowly gets fewer, larger batches. A hidden window draws no frame and takes
          // nothing until it shows again; main keeps the newest fix of each asset meanwhile.
          requestAnimationFrame(() => void call('app.liveTaken').catch(() => undefined));
        }),
        subscribe('fleet.changed', applySnapshot),
        subscribe('fleet.listed', applyListed),
      ];
      return () => offs.forEach((off) => off());
    },
  };
});
