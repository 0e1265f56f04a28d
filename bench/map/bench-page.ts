import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { FleetCanvasLayer } from '../../src/renderer/src/features/map/fleet-canvas-layer';
import { stateOf, STATE_INDEX } from '../../src/renderer/src/features/map/asset-state';
import { MARKER_PALETTE } from '../../src/renderer/src/features/map/map-palette';
import { drawSpeedTrack, projectTrack } from '../../src/renderer/src/features/map/speed-track';
import { useFleet } from '../../src/renderer/src/stores/fleet';
import { seeded, simFleet } from '../../test/renderer/support/sim-fleet';
import { naiveMarkers } from './naive-markers';

export interface FrameReport {
  readonly mode: string;
  /** Whole frame: rAF start → after style, layout and paint. */
  readonly frames: number[];
  readonly updateFrames: number[];
  /** Script only: applying the batch (store, watchers, markers) plus, for the canvas, its redraw. */
  readonly scripts: number[];
  readonly updateScripts: number[];
  readonly batches: number;
  readonly seconds: number;
}

const q = new URLSearchParams(location.search);
const COUNT = Number(q.get('count') ?? 10_000);
const SECONDS = Number(q.get('seconds') ?? 8);
const WARMUP_MS = 1500;

function makeMap(): L.Map {
  const el = document.getElementById('map')!;
  // No tile layer: the bench measures markers, not the network.
  return L.map(el, { zoomControl: false, attributionControl: false }).setView([51.92, 4.4], 11);
}

/** Script time of the current frame, added to by the batch and by the canvas layer's redraw. */
let frameScript = 0;

/**
 * Frame time = from the frame's start (the rAF timestamp) to a task posted
 * from inside the frame, which runs after style, layout and paint: the
 * main-thread cost of the whole frame, the same for both approaches.
 */
function measure<B>(
  mode: string,
  next: (now: number) => B,
  apply: (batch: B) => void,
  everyFrame?: () => void,
): Promise<FrameReport> {
  return new Promise((resolve) => {
    const frames: number[] = [];
    const updateFrames: number[] = [];
    const scripts: number[] = [];
    const updateScripts: number[] = [];
    const channel = new MessageChannel();
    let pending: { start: number; update: boolean } | null = null;
    channel.port1.onmessage = () => {
      if (!pending) return;
      const ms = performance.now() - pending.start;
      if (measuring) {
        frames.push(ms);
        scripts.push(frameScript);
        if (pending.update) {
          updateFrames.push(ms);
          updateScripts.push(frameScript);
        }
      }
      frameScript = 0;
      pending = null;
    };
    const began = performance.now();
    let measuring = false;
    let lastBatch = -Infinity;
    let batches = 0;
    let simTime = Date.now();
    const tick = (ts: number): void => {
      const now = performance.now();
      measuring = now - began > WARMUP_MS;
      let update = false;
      if (now - lastBatch >= 1000) {
        lastBatch = now;
        simTime += 1000;
        const batch = next(simTime);
        const s = performance.now();
        apply(batch);
        // Vue's watchers flush in a microtask: count them with the batch.
        void nextTick().then(() => (frameScript += performance.now() - s));
        update = true;
        if (measuring) batches++;
      }
      everyFrame?.();
      pending = { start: Math.min(ts, now), update };
      channel.port2.postMessage(0);
      if (now - began < WARMUP_MS + SECONDS * 1000) requestAnimationFrame(tick);
      else
        setTimeout(
          () => resolve({ mode, frames, updateFrames, scripts, updateScripts, batches, seconds: SECONDS }),
          50,
        );
    };
    requestAnimationFrame(tick);
  });
}

async function runCanvas(): Promise<FrameReport> {
  setActivePinia(createPinia());
  const fleet = useFleet();
  const sim = simFleet(COUNT, 11, [51.92, 4.4], 0.5);
  fleet.applySnapshot({
    assets: sim.assets,
    positions: sim.positions,
    fetchedAt: Date.now(),
    fromCache: false,
  });
  const map = makeMap();
  // As LiveMap.vue does: the assets read once, outside the store's reactive getter.
  const assets = fleet.assetsById;
  const layer = new FleetCanvasLayer({
    classify: (p) => STATE_INDEX[stateOf(assets.get(p.assetId), p)],
    nameOf: (id) => assets.get(id)?.name ?? String(id),
    palette: MARKER_PALETTE.dark,
    clusterBelowZoom: 0,
    onFrame: (ms) => (frameScript += ms),
  }).addTo(map);
  layer.reset(fleet.positions.values());
  fleet.onPositions((batch) => layer.update(batch));
  return measure(
    'canvas',
    (t) => sim.step(t),
    (b) => fleet.applyPositions(b),
  );
}

/**
 * The map moving under the fleet while the live feed plays: `drag` pans by a
 * fixed step every frame (a drag or held arrow key), `follow` keeps the
 * fastest moving asset centred as follow mode does. `incremental=0` repaints
 * everything every frame: the full-redraw baseline of the same run.
 */
async function runPan(kind: string, incremental: boolean): Promise<FrameReport> {
  setActivePinia(createPinia());
  const fleet = useFleet();
  const sim = simFleet(COUNT, 11, [51.92, 4.4], 0.5);
  fleet.applySnapshot({
    assets: sim.assets,
    positions: sim.positions,
    fetchedAt: Date.now(),
    fromCache: false,
  });
  const map = makeMap();
  const assets = fleet.assetsById;
  const layer = new FleetCanvasLayer({
    classify: (p) => STATE_INDEX[stateOf(assets.get(p.assetId), p)],
    nameOf: (id) => assets.get(id)?.name ?? String(id),
    palette: MARKER_PALETTE.dark,
    clusterBelowZoom: 0,
    skipUnchangedFrames: incremental,
    onFrame: (ms) => (frameScript += ms),
  }).addTo(map);
  layer.reset(fleet.positions.values());
  fleet.onPositions((batch) => layer.update(batch));
  if (kind === 'follow') {
    // Near the middle of the fleet, so the view stays full of markers while it is followed.
    const fastest = sim.positions
      .filter((p) => Math.abs(p.lat - 51.92) < 0.1 && Math.abs(p.lon - 4.4) < 0.15)
      .reduce((a, b) => (b.speed > a.speed ? b : a));
    map.setView([fastest.lat, fastest.lon], 13, { animate: false });
    layer.select(fastest.assetId);
    layer.follow(true);
  }
  return measure(
    `${kind}, ${incremental ? 'incremental' : 'full redraw'}`,
    (t) => sim.step(t),
    (b) => fleet.applyPositions(b),
    kind === 'drag' ? () => map.panBy([6, 3], { animate: false }) : undefined,
  );
}

async function runNaive(): Promise<FrameReport> {
  const sim = simFleet(COUNT, 11, [51.92, 4.4], 0.5);
  const map = makeMap();
  const apply = naiveMarkers(map, sim.positions);
  return measure('naive', (t) => sim.step(t), apply);
}

/** A 30-day track at one fix per 10 s (259,200 points), drawn once: projection + thinning + strokes. */
function runTrack(): { points: number; drawMs: number; projectMs: number; kept: number } {
  const n = 259_200;
  const rnd = seeded(3);
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const speed = new Float32Array(n);
  let la = 51.9,
    lo = 4.4,
    course = 0,
    v = 40;
  for (let i = 0; i < n; i++) {
    course += (rnd() - 0.5) * 30;
    v = Math.max(0, Math.min(130, v + (rnd() - 0.5) * 12));
    la += (((Math.cos((course * Math.PI) / 180) * v) / 3.6) * 10) / 111_320;
    lo += (((Math.sin((course * Math.PI) / 180) * v) / 3.6) * 10) / 70_000;
    lat[i] = la;
    lon[i] = lo;
    speed[i] = v;
  }
  const canvas = document.getElementById('track') as HTMLCanvasElement;
  canvas.style.display = 'block';
  const ctx = canvas.getContext('2d')!;
  const t0 = performance.now();
  const track = projectTrack({ lat, lon, speed });
  const t1 = performance.now();
  // Fit the track's bounds into the canvas, as the history screen does.
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, track.x[i]!);
    maxX = Math.max(maxX, track.x[i]!);
    minY = Math.min(minY, track.y[i]!);
    maxY = Math.max(maxY, track.y[i]!);
  }
  const scale = Math.min(canvas.width / (maxX - minX), canvas.height / (maxY - minY)) * 0.95;
  const kept = drawSpeedTrack(ctx, track, scale, minX * scale - 20, minY * scale - 20, 2);
  ctx.getImageData(0, 0, 1, 1); // forces the rasterisation into the measurement
  const t2 = performance.now();
  return { points: n, projectMs: t1 - t0, drawMs: t2 - t0, kept };
}

const mode = q.get('mode');
const run = async (): Promise<unknown> => {
  if (mode === 'canvas') return runCanvas();
  if (mode === 'naive') return runNaive();
  if (mode === 'pan') return runPan(q.get('pan') ?? 'drag', q.get('incremental') !== '0');
  return runTrack();
};
run().then(
  (result) => Object.assign(window, { benchResult: result }),
  (err: unknown) => Object.assign(window, { benchResult: { error: String(err) } }),
);
