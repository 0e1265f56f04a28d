import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { FleetCanvasLayer } from '../../../../src/renderer/src/features/map/fleet-canvas-layer';
import { MARKER_PALETTE } from '../../../../src/renderer/src/features/map/map-palette';
import type { LivePosition } from '../../../../src/shared/ipc';

/** What the harness saw: who painted before and after the worker failed, and what the map showed then. */
export interface FailoverCheck {
  readonly before: string | undefined;
  readonly after: string | undefined;
  readonly canvases: number;
  readonly paintedBefore: number;
  readonly paintedAfter: number;
  readonly warnings: string[];
}

/**
 * A real worker fed one unreadable frame: the page's Worker is wrapped so that the third frame it posts
 * says its fleet has −1 vehicles. The worker's own parsing must reject it and say so, and the layer must
 * log it and paint the map on the page, on a new canvas.
 */
const PageWorker = window.Worker;
class CorruptingWorker extends PageWorker {
  private frames = 0;
  override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    let msg = message;
    if (
      typeof msg === 'object' &&
      msg !== null &&
      'kind' in msg &&
      msg.kind === 'frame' &&
      ++this.frames === 3
    )
      msg = { ...msg, delta: { count: -1 } };
    if (Array.isArray(transfer)) super.postMessage(msg, transfer);
    else super.postMessage(msg, transfer);
  }
}
window.Worker = CorruptingWorker;

const warnings: string[] = [];
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]): void => {
  warnings.push(args.map(String).join(' '));
  warn(...args);
};

const painted = async (layer: FleetCanvasLayer): Promise<number> => {
  const { data } = await layer.pixels();
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
  return n;
};
const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));
const painter = (): string | undefined =>
  document.querySelector<HTMLCanvasElement>('canvas.fleet-canvas')?.dataset.painter;

async function run(): Promise<FailoverCheck> {
  const map = L.map('map', { zoomControl: false, attributionControl: false }).setView([51.92, 4.4], 13);
  const layer = new FleetCanvasLayer({
    classify: (p) => (p.speed > 0 ? 0 : 2),
    nameOf: String,
    palette: MARKER_PALETTE.dark,
  }).addTo(map);
  const fixes: LivePosition[] = Array.from({ length: 60 }, (_, i) => ({
    assetId: i + 1,
    lat: 51.92 + ((i % 8) - 4) * 0.002,
    lon: 4.4 + (Math.floor(i / 8) - 4) * 0.003,
    speed: i % 2 ? 30 : 0,
    course: (i * 37) % 360,
    t: 0,
    state: i % 2 ? 'moving' : 'stopped',
    ignition: i % 2 === 1,
  }));
  layer.reset(fixes);
  await nextFrame();
  await nextFrame();
  const before = painter();
  const paintedBefore = await painted(layer);
  // Frames that move the markers: the third is the one spoiled on its way to the worker.
  for (let k = 1; painter() === 'worker'; k++) {
    if (k > 600) throw new Error('the worker never failed');
    layer.update(fixes.map((p) => ({ ...p, lon: p.lon + k * 0.0004 })));
    await nextFrame();
  }
  await nextFrame();
  await nextFrame();
  return {
    before,
    after: painter(),
    canvases: document.querySelectorAll('canvas.fleet-canvas').length,
    paintedBefore,
    paintedAfter: await painted(layer),
    warnings,
  };
}

run().then(
  (r) => Object.assign(window, { failoverCheck: r }),
  (e: unknown) => Object.assign(window, { failoverCheck: { error: String(e) } }),
);
