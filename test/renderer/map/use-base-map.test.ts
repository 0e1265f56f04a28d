import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import L from 'leaflet';
import { defineComponent, h, ref } from 'vue';
import { setBridge } from '../../../src/renderer/src/api';
import { useMapControls } from '../../../src/renderer/src/features/map/map-controls';
import { useBaseMap, type BaseMap } from '../../../src/renderer/src/features/map/use-base-map';
import { tileRouteTemplate } from '../../../src/shared/map/tile-route';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { Settings } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { settle } from '../support/mount-with-bridge';
import { TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

interface Mounted {
  readonly base: BaseMap;
  readonly container: HTMLElement;
  /** Layers the caller's `ready` saw on the map: the base ones come first. */
  readonly seenByReady: L.Layer[];
  readonly wrapper: VueWrapper;
}

/** A component that is nothing but a base map, as LiveMap and HistoryMap use it. */
async function mountBaseMap(settings: Settings = TEST_SETTINGS): Promise<Mounted> {
  let store: Settings = settings;
  const bridge = new FakeBridge()
    .handle('settings.get', () => store)
    .handle('settings.set', (patch) => (store = { ...store, ...patch }));
  setActivePinia(createPinia());
  setBridge(bridge);
  await useSettings().load();
  const seenByReady: L.Layer[] = [];
  let base: BaseMap | null = null;
  const Host = defineComponent({
    setup() {
      const el = ref<HTMLElement | null>(null);
      base = useBaseMap(el, (map) => map.eachLayer((l) => void seenByReady.push(l)), {
        // No outline files here: an empty world, as if the bundle had no land.
        outlines: () => Promise.resolve({ land: [], borders: [] }),
      });
      return () => h('div', { ref: el, 'data-testid': 'map' });
    },
  });
  const wrapper = mount(Host, { attachTo: document.body });
  current = wrapper;
  await settle();
  const container = wrapper.get('[data-testid="map"]').element as HTMLElement;
  return { base: base!, container, seenByReady, wrapper };
}

function tileLayerOf(map: L.Map): L.TileLayer {
  const found: L.TileLayer[] = [];
  map.eachLayer((l) => {
    if (l instanceof L.TileLayer) found.push(l);
  });
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The address the tile layer asks for tile (1, 2) at the map's zoom. */
function tileUrl(map: L.Map): string {
  return tileLayerOf(map).getTileUrl(Object.assign(L.point(1, 2), { z: map.getZoom() }));
}

/** What the tile layer asks main's tile route for tile (1, 2) when the settings name `template` (docs/architecture.md "Map tiles"). */
function routed(template: string, zoom: number): string {
  return tileRouteTemplate('', template).replace('{z}', String(zoom)).replace('{x}', '1').replace('{y}', '2');
}

function attributionOf(container: HTMLElement): string {
  return container.querySelector('.leaflet-control-attribution')?.textContent ?? '';
}

describe('the Leaflet setup both maps share', () => {
  it('puts the tiles the settings name over the outline map, credits them, and hands the map over with both', async () => {
    const { base, container, seenByReady } = await mountBaseMap();
    const map = base.map.value!;
    expect(map).toBeInstanceOf(L.Map);
    expect(container.classList).toContain('base-map');
    // Main's route, never the tile server itself.
    expect(tileUrl(map)).toBe(routed('https://tile.openstreetmap.org/{z}/{x}/{y}.png', map.getZoom()));
    expect(attributionOf(container)).toBe('© OpenStreetMap contributors');
    // The caller's layers go on top of the outline layer and the tiles, which exist by then.
    expect(seenByReady.filter((l) => l instanceof L.GridLayer)).toHaveLength(2);
    expect(map.getPane('offlineBasePane')?.style.zIndex).toBe('150');
  });

  it('says the tiles are unavailable when the first one fails, and not once one has loaded', async () => {
    const { base } = await mountBaseMap();
    const tiles = tileLayerOf(base.map.value!);
    expect(base.tilesFailing.value).toBe(false);
    tiles.fire('tileerror');
    expect(base.tilesFailing.value).toBe(true);
    tiles.fire('tileload');
    expect(base.tilesFailing.value).toBe(false);
    // A tile server that answered once is there: a later failure is a missing tile, not an outage.
    tiles.fire('tileerror');
    expect(base.tilesFailing.value).toBe(false);
  });

  it('switches to another tile server and its credit when the settings change, forgetting the old failure', async () => {
    const { base, container } = await mountBaseMap();
    const map = base.map.value!;
    tileLayerOf(map).fire('tileerror');
    expect(base.tilesFailing.value).toBe(true);

    await useSettings().set({
      tileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      tileAttribution: '© Example Maps',
    });
    await settle();

    expect(tileUrl(map)).toBe(routed('https://tiles.example.test/{z}/{x}/{y}.png', map.getZoom()));
    // Another server's tiles are other images to the page: never the old one's from its image cache.
    expect(tileUrl(map)).not.toBe(routed('https://tile.openstreetmap.org/{z}/{x}/{y}.png', map.getZoom()));
    expect(attributionOf(container)).toBe('© Example Maps');
    expect(base.tilesFailing.value).toBe(false);
  });

  it('asks for the imported MBTiles file’s tiles under their own key, credited with its attribution as text', async () => {
    const file = {
      kind: 'mbtiles',
      name: 'Quarry',
      fileName: 'quarry.mbtiles',
      minZoom: 2,
      maxZoom: 14,
      bounds: null,
      attribution: '<b>© Quarry survey</b>',
      importedAt: 1_700_000_000_000,
      inUse: true,
    } as const;
    const { base, container } = await mountBaseMap({ ...TEST_SETTINGS, baseLayer: file });
    const map = base.map.value!;
    expect(tileUrl(map)).toBe(routed(`mbtiles:${file.importedAt}`, map.getZoom()));
    expect(attributionOf(container)).toBe('<b>© Quarry survey</b>');
    expect(container.querySelector('.leaflet-control-attribution b')).toBeNull();

    // "Use the tile server again": the server's tiles and credit, never the file's images from the page's cache.
    const store = useSettings();
    store.settings = { ...store.settings, baseLayer: { ...file, inUse: false } };
    await settle();
    expect(tileUrl(map)).toBe(routed(TEST_SETTINGS.tileUrl, map.getZoom()));
    expect(attributionOf(container)).toBe(TEST_SETTINGS.tileAttribution);
  });

  it('shows the attribution setting as text: markup in it is shown, never run', async () => {
    const hostile = '<img src=x onerror="window.__attributionRan = true"> & <b>bold</b> © Maps';
    const { container } = await mountBaseMap({ ...TEST_SETTINGS, tileAttribution: hostile });
    const control = container.querySelector('.leaflet-control-attribution')!;
    expect(control.textContent).toBe(hostile);
    expect(control.querySelector('img, b')).toBeNull();

    // A change of setting goes the same way.
    await useSettings().set({ tileAttribution: '<a href="javascript:alert(1)">Maps</a>' });
    await settle();
    expect(control.textContent).toBe('<a href="javascript:alert(1)">Maps</a>');
    expect(control.querySelector('a')).toBeNull();
    expect((window as { __attributionRan?: boolean }).__attributionRan).toBeUndefined();
  });

  it('dims the raster in the dark theme and not in the light one', async () => {
    const { container } = await mountBaseMap();
    expect(useMapControls().theme).toBe('dark');
    expect(container.classList).toContain('base-map-dark');
    useMapControls().theme = 'light';
    await settle();
    expect(container.classList).not.toContain('base-map-dark');
  });

  it('takes the map down with the component', async () => {
    const { base, container, wrapper } = await mountBaseMap();
    expect(container.querySelector('.leaflet-map-pane')).not.toBeNull();
    wrapper.unmount();
    current = null;
    expect(base.map.value).toBeNull();
    expect(container.querySelector('.leaflet-map-pane')).toBeNull();
  });
});
