import L from 'leaflet';
import {
  AlarmRingLayer,
  type AlarmedCluster,
} from '../../../../src/renderer/src/features/map/alarm-ring-layer';
import { mercatorX, mercatorY, worldScale } from '../../../../src/renderer/src/features/map/interpolation';

/** What the page offers the test (alarm-rings.test.ts): one critical ring on a marker it moves. */
export interface RingsHarness {
  /** Moves the marker by device pixels, then draws as the fleet layer's frame does; the canvas's clears so far. */
  moveBy(dxDevice: number, dyDevice: number): number;
  /** The middle of the ring's strong red pixels on its canvas, in device pixels; null when none. */
  ringMiddle(): readonly [number, number] | null;
  /** The marker goes into a cluster of `count` drawn where it was: the ring then frames the cluster's disc. */
  clusterInstead(count: number): void;
  /** The box of the ring's strong red pixels, in device pixels: x0, y0, x1, y1 (inclusive); null when none. */
  ringBox(): readonly [number, number, number, number] | null;
  readonly clears: () => number;
}

const CRITICAL = '#ff0000';
const dpr = window.devicePixelRatio || 1;
const el = document.createElement('div');
// 400 × 304: the middle (200, 152) is a whole device pixel at 100 % and at 125 %.
el.style.cssText = 'position: relative; width: 400px; height: 304px; overflow: hidden';
document.body.append(el);
const map = L.map(el, { zoomControl: false, attributionControl: false }).setView([45.46, 9.19], 13);
// The marker starts on the view's middle, (200, 152) CSS pixels: where the map puts that point, not the
// centre asked for, which Leaflet's whole-pixel origin shifts by a fraction of a pixel.
const start = map.containerPointToLatLng([200, 152]);
const at: [number, number] = [mercatorX(start.lng), mercatorY(start.lat)];
let clusters: AlarmedCluster[] = [];
const rings = new AlarmRingLayer(
  () => (clusters.length > 0 ? null : at),
  { critical: CRITICAL, warning: '#ffa500', info: '#0000ff' },
  () => clusters,
);
rings.addTo(map);
rings.setAlarmed([{ assetId: 1, severity: 'critical' }]);

const canvas = el.querySelector<HTMLCanvasElement>('canvas.alarm-rings');
const ctx = canvas?.getContext('2d');
if (!canvas || !ctx) throw new Error('the ring layer made no canvas');
// Every redraw of the canvas starts by clearing it whole (alarm-ring-layer.ts): counted here.
let clears = 0;
const clearRect = ctx.clearRect.bind(ctx);
ctx.clearRect = (x, y, w, h) => {
  clears++;
  clearRect(x, y, w, h);
};

const ringBox = (): [number, number, number, number] | null => {
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // The ring's stroke: opaque red; its halo is 18 % alpha and is left out.
      if (data[i]! < 200 || data[i + 1]! > 60 || data[i + 3]! < 200) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  return x0 === Infinity ? null : [x0, y0, x1, y1];
};

const harness: RingsHarness = {
  moveBy(dx, dy) {
    const scale = worldScale(map.getZoom()) * dpr;
    at[0] += dx / scale;
    at[1] += dy / scale;
    rings.redraw();
    return clears;
  },
  ringMiddle() {
    const box = ringBox();
    return box && [(box[0] + box[2] + 1) / 2, (box[1] + box[3] + 1) / 2];
  },
  ringBox,
  clusterInstead(count) {
    clusters = [{ lat: start.lat, lon: start.lng, count, severity: 'critical' }];
    rings.redraw();
  },
  clears: () => clears,
};

// Ready once the layer's first frame has drawn the ring.
requestAnimationFrame(() =>
  requestAnimationFrame(() => Object.assign(window, { rings: harness, ringsReady: true })),
);
