/**
 * Leaflet-Geoman, the field's maintained editing plugin for Leaflet, loaded the
 * way it expects: its bundle is a classic script that extends the global `L`,
 * so Leaflet is put on window first (this module's import order guarantees
 * it). Its CSS is bundled like ours: the renderer's CSP allows no inline script
 * and no style from elsewhere.
 *
 * Opt-in: only the live map and the geofence layers get Geoman's handlers
 * (the history map and every other marker and line are left alone).
 */
import L from 'leaflet';
import './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';

L.PM.setOptIn(true);

/** Gives a map Geoman's drawing and editing (map.pm), once. */
export function withGeoman(map: L.Map): L.PM.PMMap {
  // Geoman's typings say every map has `pm`; opted in, only those it was attached to do.
  const attached = (): L.PM.PMMap | undefined => (map as { pm?: L.PM.PMMap }).pm;
  if (!attached()) {
    map.options.pmIgnore = false;
    // reInitLayer takes a map too (it builds the map's L.PM.Map, as Geoman's own map init hook does);
    // its typings name only layers.
    L.PM.reInitLayer(map as unknown as L.Layer);
  }
  const pm = attached();
  if (!pm) throw new Error('Leaflet-Geoman did not attach to the map');
  return pm;
}

export { L };
