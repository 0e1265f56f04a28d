/**
 * Alarms and geofences, benchmarked by scenario:
 *
 * --service  The local service's geofence evaluation (src/server/alarms): 10,000
 *            positions a second (a 10,000-asset fleet, one fix each per second)
 *            against 1,000 geofences, through the flatbush R-tree the engine uses;
 *            its baseline is the same work without the index (every geofence
 *            tested for every position), in the same run. Target: under 5% of
 *            one core (docs/interface-decisions.md "Alarms and geofences").
 *
 * --app      The app's inbox (bench/alarms/app-scenario.ts): opening and
 *            filtering 100,000 stored alarms against the same queries without
 *            the indexes, and the time from the service's publish of an alarm
 *            to the core's push with 10,000 live assets.
 *
 * --outlines A geofence outline at the 10,000-point limit checked for crossing
 *            itself (src/shared/geo/polygon-validity.ts, a sweep), against
 *            the definition (every pair of edges) in the same run, for a
 *            round outline and for two built so that many edges' boxes overlap.
 *
 * --unwatched The local service with 50,000 vehicles and nobody on its live
 *            channel (bench/alarms/unwatched-scenario.ts), against the same
 *            service with one client on it: the alarm engine alone must cost
 *            less than the alarm engine and the live feed.
 *
 * Without a flag every scenario runs.
 *
 * Run: npm run bench:alarms [-- --service] [-- --app] [-- --outlines] [-- --unwatched]
 */
import { availableParallelism, loadavg } from 'node:os';
import type { GeofenceShape } from '../src/shared/interface';
import {
  indexGeofences,
  scanGeofences,
  type GeofenceLookup,
  type IndexedGeofence,
} from '../src/shared/geo/geofence-index';
import { createFleet } from '../src/server/sim/fleet';
import { appScenario } from './alarms/app-scenario';
import { outlineScenario } from './alarms/outline-scenario';
import { unwatchedScenario } from './alarms/unwatched-scenario';
import { seededRandom } from './support/seeded-random';
import { median } from './support/sample-stats';

interface Scenario {
  readonly flag: string;
  readonly title: string;
  run(): Promise<void> | void;
}

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

// --- service: geofence evaluation ----------------------------------------------------------------

const POSITIONS_PER_SECOND = 10_000;
const GEOFENCES = 1_000;
const SECONDS = 21;
const T0 = Date.parse('2026-03-10T08:00:00Z');
const M_PER_DEG = 111_195;

/**
 * 1,000 geofences where the fleet drives (within 16 km of the city centre), as
 * a control room draws them: mostly customer sites and yards (100–500 m), some
 * districts (0.5–1.5 km), a few large zones (1.5–3 km); half circles, half
 * star-shaped (simple, often concave) polygons of 6–64 vertices.
 */
function drawGeofences(centre: { lat: number; lon: number }): IndexedGeofence[] {
  const r = seededRandom(20_261_126);
  const kmLon = M_PER_DEG * Math.cos((centre.lat * Math.PI) / 180);
  return Array.from({ length: GEOFENCES }, (_, i) => {
    const angle = r() * 2 * Math.PI;
    const dist = Math.sqrt(r()) * 16_000;
    const lat = centre.lat + (Math.sin(angle) * dist) / M_PER_DEG;
    const lon = centre.lon + (Math.cos(angle) * dist) / kmLon;
    const kind = r();
    const size = kind < 0.7 ? 100 + r() * 400 : kind < 0.95 ? 500 + r() * 1_000 : 1_500 + r() * 1_500;
    let shape: GeofenceShape;
    if (i % 2 === 0) {
      shape = { type: 'circle', center: { latitude: lat, longitude: lon }, radius_m: size };
    } else {
      const n = 6 + Math.floor(r() * 59);
      shape = {
        type: 'polygon',
        points: Array.from({ length: n }, (_, k) => {
          const a = (2 * Math.PI * k) / n;
          const reach = size * (0.5 + 0.5 * r());
          return {
            latitude: lat + (Math.sin(a) * reach) / M_PER_DEG,
            longitude: lon + (Math.cos(a) * reach) / kmLon,
          };
        }),
      };
    }
    return { id: i + 1, name: `Zone ${i + 1}`, shape };
  });
}

/** One second of the fleet: each asset's position at T0 + s, as flat arrays. */
function fleetSeconds(): { lats: Float64Array; lons: Float64Array }[] {
  const fleet = createFleet({ seed: 1, size: POSITIONS_PER_SECOND });
  return Array.from({ length: SECONDS }, (_, s) => {
    const lats = new Float64Array(POSITIONS_PER_SECOND);
    const lons = new Float64Array(POSITIONS_PER_SECOND);
    fleet.assets.forEach((a, i) => {
      const p = fleet.sampleAt(a.id, T0 + s * 1000);
      lats[i] = p.lat;
      lons[i] = p.lon;
    });
    return { lats, lons };
  });
}

/**
 * The engine's geofence step for one second of positions: which geofences hold
 * each position, and which the asset entered or left since its previous one.
 * Returns CPU microseconds (user + system) and the crossings found.
 */
function evaluateSecond(
  lookup: GeofenceLookup,
  second: { lats: Float64Array; lons: Float64Array },
  inside: number[][],
): { cpuUs: number; crossings: number } {
  let crossings = 0;
  const before = process.cpuUsage();
  for (let i = 0; i < POSITIONS_PER_SECOND; i++) {
    const now = lookup.containing(second.lats[i]!, second.lons[i]!);
    const prev = inside[i]!;
    for (const id of now) if (!prev.includes(id)) crossings++;
    for (const id of prev) if (!now.includes(id)) crossings++;
    inside[i] = now;
  }
  const used = process.cpuUsage(before);
  return { cpuUs: used.user + used.system, crossings };
}

function serviceScenario(): void {
  const fleet = createFleet({ seed: 1, size: 1 });
  const geofences = drawGeofences({ lat: fleet.home.lat, lon: fleet.home.lon });
  const build = process.hrtime.bigint();
  const indexed = indexGeofences(geofences);
  const buildMs = Number(process.hrtime.bigint() - build) / 1e6;
  const scanned = scanGeofences(geofences);
  process.stdout.write(
    `  building ${SECONDS} s of a ${fmt(POSITIONS_PER_SECOND)}-asset fleet's positions…\n`,
  );
  const seconds = fleetSeconds();
  const state = {
    indexed: Array.from({ length: POSITIONS_PER_SECOND }, (): number[] => []),
    scanned: Array.from({ length: POSITIONS_PER_SECOND }, (): number[] => []),
  };
  const cpu = { indexed: [] as number[], scanned: [] as number[] };
  let crossings = { indexed: 0, scanned: 0 };
  // The first second sets where every asset is; the measured seconds follow it. Interleaved, so both
  // methods see the same machine (other processes share its cores).
  evaluateSecond(indexed, seconds[0]!, state.indexed);
  evaluateSecond(scanned, seconds[0]!, state.scanned);
  for (const second of seconds.slice(1)) {
    const a = evaluateSecond(indexed, second, state.indexed);
    const b = evaluateSecond(scanned, second, state.scanned);
    cpu.indexed.push(a.cpuUs);
    cpu.scanned.push(b.cpuUs);
    crossings = { indexed: crossings.indexed + a.crossings, scanned: crossings.scanned + b.crossings };
  }
  if (crossings.indexed !== crossings.scanned)
    throw new Error(
      `the index and the scan disagree: ${crossings.indexed} vs ${crossings.scanned} crossings`,
    );
  const pct = (us: number): number => (us / 1e6) * 100;
  const withIndex = pct(median(cpu.indexed));
  const without = pct(median(cpu.scanned));
  const memberships = state.indexed.reduce((n, s) => n + s.length, 0);
  process.stdout.write(
    [
      `  ${fmt(GEOFENCES)} geofences (R-tree built in ${fmt(buildMs, 1)} ms), ${fmt(POSITIONS_PER_SECOND)} positions a second, ${SECONDS - 1} s measured:`,
      `  ${fmt(memberships)} memberships (a position inside a geofence) at the end, ${fmt(crossings.indexed)} enters and exits found (the same by both methods)`,
      `  with the R-tree (flatbush):    ${fmt(withIndex, 2)} % of one core  (median second; target < 5 %)`,
      `  baseline, every geofence:      ${fmt(without, 2)} % of one core`,
      `  ratio baseline / R-tree:       ${fmt(without / withIndex, 1)}×`,
      `  ${withIndex < 5 ? 'PASS' : 'FAIL'}: ${fmt(withIndex, 2)} % < 5 %`,
      '',
    ].join('\n'),
  );
  if (withIndex >= 5) process.exitCode = 1;
}

// --- scenarios -------------------------------------------------------------------------------------

const SCENARIOS: readonly Scenario[] = [
  {
    flag: '--service',
    title: 'Service: geofence evaluation, 10,000 positions/s against 1,000 geofences',
    run: serviceScenario,
  },
  {
    flag: '--app',
    title:
      'App: the inbox with 100,000 stored alarms; raised in the service → in the inbox with 10,000 live assets',
    run: appScenario,
  },
  {
    flag: '--outlines',
    title: 'Geofence outlines at the 10,000-point limit checked for crossing themselves (medians)',
    run: outlineScenario,
  },
  {
    flag: '--unwatched',
    title: 'Service: 50,000 vehicles with nobody on the live channel, against one client on it',
    run: unwatchedScenario,
  },
];

async function main(): Promise<void> {
  const asked = process.argv.slice(2).filter((a) => a.startsWith('--'));
  const unknown = asked.filter((a) => !SCENARIOS.some((s) => s.flag === a));
  if (unknown.length > 0)
    throw new Error(
      `unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.flag).join(', ')}`,
    );
  const chosen = asked.length === 0 ? SCENARIOS : SCENARIOS.filter((s) => asked.includes(s.flag));
  process.stdout.write(
    `Node ${process.version}, ${availableParallelism()} cores, load average ${load()} (1 / 5 / 15 min)\n\n`,
  );
  for (const s of chosen) {
    process.stdout.write(`${s.title}\n`);
    await s.run();
  }
  process.stdout.write(`load average at the end ${load()}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
