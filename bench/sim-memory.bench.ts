/**
 * docs/architecture.md "National fleets": the simulator's memory over the days a local service runs. A
 * fleet is sampled as the live feed samples it (every vehicle's online check and position at every
 * step) over simulated days, and the heap is read after a full collection every 6 simulated hours.
 * Baseline (same run): the heap after the first 6 hours, once every vehicle has its first day; target:
 * no later reading more than 10 % above it (memory does not grow with the days run).
 *
 *   npm run bench:sim [-- --assets 10000 --hours 54 --step-min 30]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MAX_FLEET_SIZE } from '../src/server/options';
import { createFleet } from '../src/server/sim/fleet';

const { values } = parseArgs({
  options: { assets: { type: 'string' }, hours: { type: 'string' }, 'step-min': { type: 'string' } },
  strict: true,
});
const ASSETS = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_FLEET_SIZE)
  .parse(values.assets ?? 10_000);
const HOURS = z.coerce
  .number()
  .int()
  .min(12)
  .parse(values.hours ?? 54);
const STEP_MIN = z.coerce
  .number()
  .int()
  .refine((m) => m > 0 && 360 % m === 0, '--step-min must divide 360 (a reading every 6 hours)')
  .parse(values['step-min'] ?? 30);
const READ_EVERY_MIN = 6 * 60;
const TARGET_GROWTH = 0.1;
// Monday 23 November 2026, 00:00 UTC: a working week's start, through to Wednesday.
const START = Date.UTC(2026, 10, 23);

const collect = globalThis.gc;
if (typeof collect !== 'function') throw new Error('bench:sim needs --expose-gc (npm run bench:sim sets it)');
const heapMb = (): number => {
  collect();
  return process.memoryUsage().heapUsed / 1e6;
};
const load = (): string => `load ${loadavg()[0]!.toFixed(1)}`;

console.log(
  `bench:sim — ${ASSETS.toLocaleString('en-US')} vehicles sampled live every ${STEP_MIN} simulated minutes ` +
    `for ${HOURS} hours, heap after a full GC every 6 hours (${load()})`,
);
const before = heapMb();
const fleet = createFleet({ seed: 1, size: ASSETS });
const began = performance.now();
let sampleMs = 0;
let samples = 0;
let baseline: number | null = null;
let peakAfter = 0;
for (let minute = 0; minute < HOURS * 60; minute += STEP_MIN) {
  const t = START + minute * 60_000;
  const stepBegan = performance.now();
  for (let id = 1; id <= ASSETS; id++) if (fleet.isOnline(id, t)) fleet.sampleAt(id, t);
  // The first step is every vehicle's first look (its week planned): not a live step's cost.
  if (minute > 0) {
    sampleMs += performance.now() - stepBegan;
    samples += ASSETS;
  }
  if ((minute + STEP_MIN) % READ_EVERY_MIN !== 0) continue;
  const heap = heapMb() - before;
  if (baseline === null) baseline = heap;
  else peakAfter = Math.max(peakAfter, heap);
  console.log(
    `  ${String((minute + STEP_MIN) / 60).padStart(3)} h: heap ${heap.toFixed(0).padStart(5)} MB ` +
      `(${((heap * 1e6) / ASSETS / 1024).toFixed(1)} KB a vehicle), ` +
      `${((performance.now() - began) / 1000).toFixed(0)} s, ${load()}`,
  );
}
if (baseline === null) throw new Error('no reading was taken');
const growth = peakAfter / baseline - 1;
console.log(
  `  live step: ${((sampleMs * 1000) / Math.max(1, samples)).toFixed(1)} µs a vehicle; ` +
    `peak after the first 6 h ${peakAfter.toFixed(0)} MB against ${baseline.toFixed(0)} MB then: ` +
    `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % (target < ${TARGET_GROWTH * 100} %: ` +
    `${growth < TARGET_GROWTH ? 'met' : 'not met'})`,
);
