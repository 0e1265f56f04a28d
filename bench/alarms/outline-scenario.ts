import { polygonProblem, type PlanePoint } from '../../src/shared/geo/polygon-validity';
import { everyPairOutlineProblem } from '../support/every-pair-outline';
import { median } from '../support/sample-stats';

/** The most points a geofence outline may have (docs/service-interface.md §4.3). */
const LIMIT = 10_000;
const RUNS = 5;
/** The definition is n² / 2 edge tests: fewer runs of it. */
const BASELINE_RUNS = 3;

const at = (longitude: number, latitude: number): PlanePoint => ({ latitude, longitude });

/** A town's boundary: a ring of short edges, none of their boxes overlapping but their neighbours'. */
function round(n: number): PlanePoint[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return at(9 + 0.1 * Math.cos(a), 45 + 0.1 * Math.sin(a));
  });
}

/** Long teeth on a spine: every tooth's edges overlap every other's in x, and only their neighbours' in y. */
function comb(n: number): PlanePoint[] {
  const teeth = Math.floor((n - 2) / 4);
  const m = 1e-3;
  const points = [at(0, 0)];
  for (let k = 0; k < teeth; k++) {
    if (k > 0) points.push(at(1 * m, 2 * k * m));
    points.push(at(10 * m, 2 * k * m), at(10 * m, (2 * k + 1) * m), at(1 * m, (2 * k + 1) * m));
  }
  points.push(at(0, (2 * teeth - 1) * m));
  return points;
}

/** Spikes from next to the centre: most edges' boxes overlap in both x and y. */
function star(n: number): PlanePoint[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 === 0 ? 0.1 : 1e-9;
    return at(9 + r * Math.cos(a), 45 + r * Math.sin(a));
  });
}

function timed(check: (p: readonly PlanePoint[]) => string | null, p: readonly PlanePoint[], runs: number) {
  const ms: number[] = [];
  let verdict: string | null = null;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    verdict = check(p);
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), simple: verdict === null };
}

/**
 * A geofence outline at the point limit checked for crossing itself, as the service does at every write and
 * the app at every list it reads: the sweep against the definition (every pair of edges), in the same run.
 */
export function outlineScenario(): void {
  const f = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
  const shapes = [
    ['round (a town boundary)', round(LIMIT)],
    ['comb (long overlapping teeth)', comb(LIMIT)],
    ['star (spikes from the centre)', star(LIMIT)],
  ] as const;
  // Compiled before anything is timed: the first outline would otherwise pay for the JIT.
  for (const [, points] of shapes) polygonProblem(points);
  for (const [name, points] of shapes) {
    const sweep = timed(polygonProblem, points, RUNS);
    const baseline = timed(everyPairOutlineProblem, points, BASELINE_RUNS);
    if (sweep.simple !== baseline.simple)
      throw new Error(`${name}: the sweep and the definition disagree on whether it is simple`);
    process.stdout.write(
      `  ${name}, ${f(points.length)} points, ${sweep.simple ? 'simple' : 'not simple'}: sweep ${f(sweep.ms)} ms, ` +
        `every pair (baseline) ${f(baseline.ms)} ms, ${f(baseline.ms / sweep.ms)}×\n`,
    );
  }
}
