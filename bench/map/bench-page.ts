import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { FleetCanvasLayer } from '../../src/renderer/src/features/map/fleet-canvas-layer';
import { stateOf, STATE_INDEX } from '../../src/renderer/src/features/map/asset-state';
import { MARKER_PALETTE } from '../../src/renderer/src/features/map/map-palette';
import { StrokeCoverage } from '../../src/renderer/src/features/map/stroke-coverage';
import { drawSpeedTrack, projectTrack } from '../../src/renderer/src/features/map/speed-track';
import { useFleet } from '../../src/renderer/src/stores/fleet';
import { seeded, simFleet, type SimFleet } from '../../test/renderer/support/sim-fleet';
import { DENSEST_CITY, nationalPlacement } from './national-fleet';
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
  /** The map's zoom while measured (the curve: fitted to each fleet, so it differs by size at `fleet`). */
  readonly mapZoom?: number;
}

const q = new URLSearchParams(location.search);
const COUNT = Number(q.get('count') ?? 10_000);
/** `painter=page` keeps the fleet's painting on the page's thread; by default a worker paints where it can. */
const PAINTER = q.get('painter') === 'page' ? 'page' : 'worker';
const SECONDS = Number(q.get('seconds') ?? 8);
const WARMUP_MS = 1500;
/** The core pushes live positions coalesced at most every 100 ms (docs/architecture.md "Live positions"). */
const PUSH_MS = 100;
/** In the curve, every asset reports every 5 s: a push carries a fiftieth of the fleet. */
const REPORT_SECONDS = 5;

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
  batchMs = 1000,
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
      if (!measuring && now - began > WARMUP_MS) {
        measuring = true;
        // The bench may start a CPU profile from here (--profile).
        Object.assign(window, { benchMeasuring: true });
      }
      let update = false;
      if (now - lastBatch >= batchMs) {
        lastBatch = now;
        simTime += batchMs;
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

/** The live map as LiveMap.vue builds it: the simulated fleet in the store, drawn by the canvas layer, fed each batch. */
function liveLayer(
  skipUnchangedFrames = true,
  sim: SimFleet = simFleet(COUNT, 11, [51.92, 4.4], 0.5),
  clusterBelowZoom = 0,
): {
  sim: SimFleet;
  fleet: ReturnType<typeof useFleet>;
  map: L.Map;
  layer: FleetCanvasLayer;
} {
  setActivePinia(createPinia());
  const fleet = useFleet();
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
    clusterBelowZoom,
    skipUnchangedFrames,
    onFrame: (ms) => (frameScript += ms),
    paintInWorker: PAINTER !== 'page',
  }).addTo(map);
  layer.reset(fleet.positions.values());
  fleet.onPositions((batch) => layer.update(batch));
  return { sim, fleet, map, layer };
}

async function runCanvas(): Promise<FrameReport> {
  const { sim, fleet } = liveLayer();
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
  const { sim, fleet, map, layer } = liveLayer(incremental);
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

/**
 * A national fleet of COUNT assets, each reporting every 5 s, pushed as the
 * core pushes them (a batch of COUNT / 50 fixes every 100 ms) through the
 * store to the layer, clustered below zoom 11 as LiveMap.vue does. `fleet`:
 * the view fitted to the whole fleet (as LiveMap.vue's fitFleet); `city`:
 * zoom 13 on the city most of it is based in. The layer and store stay
 * referenced from the page, so the heap read after the run holds them.
 */
async function runCurve(zoom: string): Promise<FrameReport> {
  const sim = simFleet(COUNT, 11, DENSEST_CITY as [number, number], 0, nationalPlacement);
  const live = liveLayer(true, sim, 11);
  Object.assign(window, { live });
  const { map, layer, fleet } = live;
  if (zoom === 'city') map.setView([DENSEST_CITY[0], DENSEST_CITY[1]], 13, { animate: false });
  else map.fitBounds(layer.bounds()!.pad(0.05), { maxZoom: 14, animate: false });
  const perPush = Math.max(1, Math.round((COUNT * PUSH_MS) / (REPORT_SECONDS * 1000)));
  const report = await measure(
    `painted ${layer.paintMode() === 'worker' ? 'in a worker' : 'on the page'}`,
    (t) => sim.report(t, perPush, REPORT_SECONDS),
    (b) => fleet.applyPositions(b),
    undefined,
    PUSH_MS,
  );
  return { ...report, mapZoom: map.getZoom() };
}

export interface PanCheck {
  readonly dpr: number;
  readonly steps: number;
  /** Steps after which the panned canvas differed from one repainted whole every frame. */
  readonly mismatches: string[];
  readonly hits: number;
  /** Lone markers whose pixels were found centred where the map puts their asset. */
  readonly seen: number;
  /** Assets that hit-testing did not find where the map shows them, or whose marker shows elsewhere. */
  readonly misses: string[];
}

const nextFrames = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * The pixels of the part of a layer's canvas the map shows (the rest is padding, drawn when a pan shows it),
 * read through the layer: a worker may own the canvas.
 */
async function shownPixels({
  map,
  canvas,
  layer,
}: {
  map: L.Map;
  canvas: HTMLCanvasElement;
  layer: FleetCanvasLayer;
}): Promise<{ px: Uint32Array; width: number }> {
  const all = await layer.pixels();
  const dpr = window.devicePixelRatio;
  const c = canvas.getBoundingClientRect();
  const m = map.getContainer().getBoundingClientRect();
  // Layout rounds to 1/64 px: stay within the pixels the layer counts as shown.
  const x0 = Math.max(0, Math.floor((m.left - c.left) * dpr + 0.05));
  const y0 = Math.max(0, Math.floor((m.top - c.top) * dpr + 0.05));
  const x1 = Math.min(all.width, Math.ceil((m.right - c.left) * dpr - 0.05));
  const y1 = Math.min(all.height, Math.ceil((m.bottom - c.top) * dpr - 0.05));
  const whole = new Uint32Array(all.data.buffer, all.data.byteOffset, all.data.length / 4);
  const px = new Uint32Array(Math.max(0, x1 - x0) * Math.max(0, y1 - y0));
  for (let y = y0; y < y1; y++)
    px.set(whole.subarray(y * all.width + x0, y * all.width + x1), (y - y0) * (x1 - x0));
  return { px, width: x1 - x0 };
}

/**
 * Two maps, the same fleet and the same drags (whole and fractional pixels,
 * past the canvas's edge, farther than its size): one layer drawing as it
 * does, the other repainting everything every frame. After each drag what
 * their canvases show must match pixel for pixel, each asset must be hit
 * where the map says it is, and lone markers must show there on screen. Then
 * follow mode over gliding markers, checked once they have come to rest.
 */
async function runPanCheck(): Promise<PanCheck> {
  const sim = simFleet(3000, 11, [51.92, 4.4], 0.5);
  const assets = new Map(sim.assets.map((a) => [a.id, a]));
  document.getElementById('map')!.style.display = 'none';
  const layers = [true, false].map((incremental) => {
    const el = document.createElement('div');
    el.style.cssText = 'width: 900px; height: 560px; position: relative';
    document.body.append(el);
    const map = L.map(el, { zoomControl: false, attributionControl: false }).setView([51.92, 4.4], 12);
    const layer = new FleetCanvasLayer({
      classify: (p) => STATE_INDEX[stateOf(assets.get(p.assetId), p)],
      nameOf: (id) => assets.get(id)?.name ?? String(id),
      palette: MARKER_PALETTE.dark,
      clusterBelowZoom: 0,
      skipUnchangedFrames: incremental,
    }).addTo(map);
    layer.reset(sim.positions);
    layer.select(sim.positions[7]!.assetId);
    return { map, layer, canvas: el.querySelector('canvas.fleet-canvas') as HTMLCanvasElement };
  });
  const drags = [
    [3, 2],
    [0.5, 0.25],
    [7.3, -2.6],
    [150, 0],
    [0, -100],
    [-2.5, 95.5],
    [-0.5, -0.25],
    [64, 64],
    [4000, -3000],
    [-1, -1],
    [-91, 57],
    [300, 300],
  ] as const;
  const mismatches: string[] = [];
  const misses: string[] = [];
  let hits = 0;
  let seen = 0;
  // Parked online assets (plain round markers) with no other asset within 45 px (the window looked at
  // reaches 21) nor the selected one's ring and name within 150 px.
  const world = (p: { lat: number; lon: number }): L.Point => layers[0]!.map.project([p.lat, p.lon]);
  const selectedAt = world(sim.positions[7]!);
  const lone = sim.positions.filter((p) => {
    const w = world(p);
    return (
      p.state !== 'moving' &&
      assets.get(p.assetId)?.tracker?.online === true &&
      w.distanceTo(selectedAt) > 150 &&
      sim.positions.every((o) => o === p || world(o).distanceTo(w) > 45)
    );
  });
  await nextFrames();
  for (const [dx, dy] of drags) {
    for (const { map } of layers) {
      // As L.Map.Drag does: the map pane moves, then 'move' fires.
      const pane = map.getPane('mapPane')!;
      L.DomUtil.setPosition(pane, L.DomUtil.getPosition(pane).subtract(L.point(dx, dy)));
      map.fire('move');
    }
    await nextFrames();
    const [a, b] = (await Promise.all(layers.map(async (l) => (await shownPixels(l)).px))) as [
      Uint32Array,
      Uint32Array,
    ];
    const differ = a.length !== b.length ? a.length : a.findIndex((v, i) => v !== b[i]);
    if (differ >= 0) mismatches.push(`after (${dx}, ${dy}): first differing pixel ${differ}`);
    const { map, layer } = layers[0]!;
    const size = map.getSize();
    for (const p of sim.positions) {
      // Unrounded (latLngToContainerPoint rounds to whole pixels).
      const at = map.layerPointToContainerPoint(map.project([p.lat, p.lon]).subtract(map.getPixelOrigin()));
      if (at.x < 0 || at.y < 0 || at.x >= size.x || at.y >= size.y) continue;
      const hit = layer.hitTest(at.x, at.y);
      if (hit?.kind === 'asset' && Math.hypot(hit.x - at.x, hit.y - at.y) < 0.01) hits++;
      else if (misses.length < 10)
        misses.push(`asset ${p.assetId} at (${at.x}, ${at.y}) after (${dx}, ${dy}): ${JSON.stringify(hit)}`);
    }
    // On screen, each lone marker's pixels centre on where the map puts the asset: the canvas itself lies right.
    const { canvas } = layers[0]!;
    const dpr = window.devicePixelRatio;
    const c = canvas.getBoundingClientRect();
    const m = map.getContainer().getBoundingClientRect();
    const { data: px, width: canvasWidth } = await layer.pixels();
    for (const p of lone) {
      const at = map.layerPointToContainerPoint(world(p).subtract(map.getPixelOrigin()));
      if (at.x < 20 || at.y < 20 || at.x >= size.x - 20 || at.y >= size.y - 20) continue;
      const ex = (at.x + m.left - c.left) * dpr;
      const ey = (at.y + m.top - c.top) * dpr;
      let sum = 0;
      let sx = 0;
      let sy = 0;
      const r = Math.ceil(15 * dpr);
      for (let y = Math.round(ey) - r; y <= Math.round(ey) + r; y++)
        for (let x = Math.round(ex) - r; x <= Math.round(ex) + r; x++) {
          const a = px[(y * canvasWidth + x) * 4 + 3] ?? 0;
          sum += a;
          sx += a * (x + 0.5);
          sy += a * (y + 0.5);
        }
      seen++;
      if (sum === 0 || Math.hypot(sx / sum - ex, sy / sum - ey) > 1.5 * dpr)
        if (misses.length < 10)
          misses.push(
            `asset ${p.assetId} shown at (${(sx / sum - ex) / dpr}, ${(sy / sum - ey) / dpr}) px from its place after (${dx}, ${dy})`,
          );
    }
  }

  // Follow mode over gliding markers, with a drag now and then; once all have come to rest, the canvas
  // must show what a full redraw of the same view shows (no marker left behind anywhere). Zoom 13 has no
  // names; the selected asset's ring and name are left out: they are drawn where it was at the last frame
  // that moved a marker by a whole pixel, a fraction of a pixel from where it came to rest.
  const { map, layer } = layers[0]!;
  const driver = sim.positions.find((p) => p.state === 'moving')!;
  map.setView([driver.lat, driver.lon], 13, { animate: false });
  layer.select(driver.assetId);
  layer.follow(true);
  let simTime = Date.now();
  for (let second = 0; second < 4; second++) {
    simTime += 1000;
    // Ten seconds of driving a second, so the followed vehicle drags the map along.
    for (let k = 0; k < 9; k++) sim.step(simTime);
    layer.update(sim.step(simTime));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pane = map.getPane('mapPane')!;
    L.DomUtil.setPosition(pane, L.DomUtil.getPosition(pane).subtract(L.point(-110, 70)));
    map.fire('move');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  layer.follow(false);
  await new Promise((resolve) => setTimeout(resolve, 1200));
  await nextFrames();
  const { px: settled, width } = await shownPixels(layers[0]!);
  layer.setPalette(MARKER_PALETTE.dark);
  await nextFrames();
  const redrawn = (await shownPixels(layers[0]!)).px;
  const dpr = window.devicePixelRatio;
  const at = map.latLngToContainerPoint(layer.positionOf(driver.assetId)!).multiplyBy(dpr);
  const overlay = (i: number): boolean => {
    const x = i % width;
    const y = Math.floor(i / width);
    return x > at.x - 20 * dpr && x < at.x + 220 * dpr && y > at.y - 20 * dpr && y < at.y + 20 * dpr;
  };
  const differ = settled.findIndex((v, i) => v !== redrawn[i] && !overlay(i));
  if (differ >= 0 || settled.length !== redrawn.length)
    mismatches.push(`after following: first pixel differing from a full redraw ${differ}`);
  return { dpr: window.devicePixelRatio, steps: drags.length, mismatches, hits, seen, misses };
}

async function runNaive(): Promise<FrameReport> {
  const sim = simFleet(COUNT, 11, [51.92, 4.4], 0.5);
  const map = makeMap();
  const apply = naiveMarkers(map, sim.positions);
  return measure('naive', (t) => sim.step(t), apply);
}

/** A 30-day track at one fix per 10 s (259,200 points), drawn once: projection + thinning + strokes. */
function runTrack(): { points: number; drawMs: number; projectMs: number; kept: number; stroked: number } {
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
  // As the history screen draws it: segments over pixels already stroked in their band are skipped.
  const coverage = new StrokeCoverage();
  coverage.reset(canvas.width, canvas.height);
  const { kept, stroked } = drawSpeedTrack(
    ctx,
    track,
    scale,
    minX * scale - 20,
    minY * scale - 20,
    2,
    coverage,
  );
  ctx.getImageData(0, 0, 1, 1); // forces the rasterisation into the measurement
  const t2 = performance.now();
  return { points: n, projectMs: t1 - t0, drawMs: t2 - t0, kept, stroked };
}

const mode = q.get('mode');
const run = async (): Promise<unknown> => {
  if (mode === 'canvas') return runCanvas();
  if (mode === 'naive') return runNaive();
  if (mode === 'pancheck') return runPanCheck();
  if (mode === 'curve') return runCurve(q.get('zoom') ?? 'fleet');
  if (mode === 'pan') return runPan(q.get('pan') ?? 'drag', q.get('incremental') !== '0');
  return runTrack();
};
run().then(
  (result) => Object.assign(window, { benchResult: result }),
  (err: unknown) => Object.assign(window, { benchResult: { error: String(err) } }),
);
