import L from 'leaflet';
import { reactive, watch } from 'vue';
import type { LivePosition } from '../../src/shared/ipc';

/**
 * The approach docs/architecture.md "The renderer" measures us against: one L.marker (a DOM element)
 * per asset, positions in a deep-reactive Vue store, a watcher per asset
 * moving its marker. No interpolation: it only moves when data arrives.
 */
export function naiveMarkers(
  map: L.Map,
  initial: readonly LivePosition[],
): (batch: readonly LivePosition[]) => void {
  const store = reactive({ positions: {} as Record<number, LivePosition> });
  for (const p of initial) store.positions[p.assetId] = { ...p };
  for (const p of initial) {
    const marker = L.marker([p.lat, p.lon], {
      icon: L.divIcon({
        className: 'naive-marker',
        html: `<div style="width:10px;height:10px;border-radius:50%;background:#2fbf71;transform:rotate(${p.course}deg)"></div>`,
        iconSize: [10, 10],
      }),
    }).addTo(map);
    watch(
      () => store.positions[p.assetId],
      (next) => {
        if (next) marker.setLatLng([next.lat, next.lon]);
      },
    );
  }
  return (batch) => {
    for (const p of batch) store.positions[p.assetId] = { ...p };
  };
}
