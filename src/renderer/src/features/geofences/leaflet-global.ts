import L from 'leaflet';

declare global {
  interface Window {
    /** Leaflet as a global, for plugins shipped as classic scripts (Leaflet-Geoman). */
    L?: typeof L;
  }
}

window.L ??= L;
