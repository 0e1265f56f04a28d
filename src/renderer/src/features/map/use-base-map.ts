import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './base-map.css';
import {
  onActivated,
  onBeforeUnmount,
  onMounted,
  ref,
  shallowRef,
  watch,
  type Ref,
  type ShallowRef,
} from 'vue';
import { tileRouteTemplate } from '../../../../shared/map/tile-route';
import { bridge } from '../../api/bridge';
import { useSettings } from '../../stores/settings';
import { useMapControls } from './map-controls';
import { BASE_COLOURS } from './map-palette';
import { OfflineBaseLayer } from './offline-base-layer';
import { markPointerFocus } from './pointer-focus';
import { trackZoomAnimations } from './settled-moves';
import { loadWorldOutlines, type WorldOutlines } from './world-outlines';

/**
 * Leaflet's attribution control sets its content as HTML; the setting is
 * plain text the operator typed (docs/interface-decisions.md), so it goes in
 * as the browser's own serialization of that text.
 */
function textAsHtml(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

/** Main's tile route: the page's own origin, or the one the Electron preload names (its dev page is Vite's). */
function tileOrigin(): string {
  try {
    return bridge().tileOrigin ?? '';
  } catch {
    return '';
  }
}

export interface BaseMapOptions {
  /** The bundled outlines under the tiles; a test hands in its own rather than fetch the real files. */
  readonly outlines?: () => Promise<WorldOutlines>;
}

export interface BaseMap {
  /** The Leaflet map while mounted, null before and after. */
  readonly map: Readonly<ShallowRef<L.Map | null>>;
  /** No tile has loaded and one failed: the outline map is all there is, and the operator is told so. */
  readonly tilesFailing: Readonly<Ref<boolean>>;
}

/**
 * What the live map and the history map share: a Leaflet map in `el` over the
 * bundled outline layer (shown wherever tiles fail, so the map is never blank
 * offline), the tile layer the settings name with its attribution, the theme,
 * and the re-measuring a map needs when its box changes. `ready` adds the
 * caller's own layers once the map exists, above the base ones.
 */
export function useBaseMap(
  el: Readonly<Ref<HTMLElement | null>>,
  ready: (map: L.Map) => void,
  options: BaseMapOptions = {},
): BaseMap {
  const settings = useSettings();
  const controls = useMapControls();
  const map = shallowRef<L.Map | null>(null);
  const tilesFailing = ref(false);
  let tiles: L.TileLayer | null = null;
  let offline: OfflineBaseLayer | null = null;
  let resize: ResizeObserver | null = null;
  let unmarkPointerFocus: (() => void) | null = null;
  let untrackZoom: (() => void) | null = null;

  function makeTiles(): L.TileLayer {
    let loaded = 0;
    // Main fetches and keeps the tiles (docs/architecture.md "Map tiles"): the page asks main's tile
    // route, never the tile server, so a tile seen once shows again with the network gone.
    // An imported MBTiles file in use answers on the same route; its own key keeps the page from showing
    // the tile server's images from its cache, and its metadata's attribution (as text) is the credit.
    const file = settings.settings.baseLayer?.inUse ? settings.settings.baseLayer : null;
    const source = file ? `mbtiles:${file.importedAt}` : settings.settings.tileUrl;
    const credit = file ? (file.attribution ?? '') : settings.settings.tileAttribution;
    const t = L.tileLayer(tileRouteTemplate(tileOrigin(), source), {
      attribution: textAsHtml(credit),
      maxZoom: 19,
    });
    t.on('tileload', () => {
      loaded++;
      tilesFailing.value = false;
    });
    // A failure with nothing loaded yet means no tile server: say so, the outlines show through.
    t.on('tileerror', () => {
      if (loaded === 0) tilesFailing.value = true;
    });
    return t;
  }

  function showTheme(container: HTMLElement, theme: 'dark' | 'light'): void {
    container.classList.toggle('base-map-dark', theme === 'dark');
  }

  onMounted(() => {
    if (!el.value) return;
    // Before L.map: Leaflet reads the element's position then and makes a static one relative.
    el.value.classList.add('base-map');
    unmarkPointerFocus = markPointerFocus(el.value);
    const m = L.map(el.value, { zoomControl: true, worldCopyJump: false, minZoom: 2, maxZoom: 19 });
    untrackZoom = trackZoomAnimations(m);
    showTheme(m.getContainer(), controls.theme);
    m.attributionControl.setPrefix(false);
    m.createPane('offlineBasePane').style.zIndex = '150';
    m.setView([50, 10], 4);
    offline = new OfflineBaseLayer(
      options.outlines ?? loadWorldOutlines,
      () => BASE_COLOURS[controls.theme],
    ).addTo(m);
    tiles = makeTiles().addTo(m);
    // A panel opening or closing resizes the map element; Leaflet must re-measure or fitting and
    // following centre on the old box.
    if (typeof ResizeObserver !== 'undefined') {
      // A hidden (kept-alive) map measures 0×0: re-measuring then would drop every tile and layer.
      resize = new ResizeObserver(([entry]) => {
        if (entry && entry.contentRect.width > 0 && entry.contentRect.height > 0)
          map.value?.invalidateSize({ pan: false });
      });
      resize.observe(el.value);
    }
    map.value = m;
    ready(m);
  });

  watch(
    () => controls.theme,
    (t) => {
      const m = map.value;
      if (!m) return;
      showTheme(m.getContainer(), t);
      offline?.redraw();
    },
  );
  watch(
    () => [settings.settings.tileUrl, settings.settings.tileAttribution, settings.settings.baseLayer],
    () => {
      const m = map.value;
      if (!m) return;
      tiles?.remove();
      tilesFailing.value = false;
      tiles = makeTiles().addTo(m);
    },
  );

  // A kept-alive screen coming back may have been resized while hidden.
  onActivated(() => map.value?.invalidateSize({ animate: false }));

  onBeforeUnmount(() => {
    unmarkPointerFocus?.();
    untrackZoom?.();
    resize?.disconnect();
    map.value?.remove();
    map.value = null;
    tiles = null;
    offline = null;
  });

  return { map, tilesFailing };
}
