import type { SimCore } from './core';
import { newSegmentState } from './core';
import { levelAt, type DayFuel } from './fuel';
import { hash32 } from './random';
import { ambientC } from './reefer';
import type { DaySchedule } from './schedule';
import type { ObdReading } from './types';

/**
 * OBD-II snapshot once a minute while the engine runs: rpm follows speed
 * through the gears, coolant warms up after a cold start, load and throttle
 * follow acceleration, the alternator holds the battery near 14 V.
 */
const MINUTE = 60_000;

const jitter = (seed: number, id: number, t: number, salt: number): number =>
  (hash32(seed, id, t / MINUTE, salt) / 4294967296) * 2 - 1;

export function obdReadingsOfDay(
  core: SimCore,
  fuel: DayFuel,
  d: DaySchedule,
  start: number,
  end: number,
): ObdReading[] {
  const out: ObdReading[] = [];
  const spec = core.spec(d.assetId);
  const seed = core.seed;
  const st = newSegmentState();
  const ahead = newSegmentState();
  // Engine runs: each drive starts one (engine off for a while before it), and the
  // idling after arrival continues it. Coolant left warm by a short stop cools exponentially.
  let runStart = d.start;
  let startCoolant = ambientC(d.start);
  for (let i = 0; i < d.segs.length; i++) {
    const s = d.segs[i]!;
    const from = s.t0;
    const to = s.kind === 'drive' ? s.t1 : s.idleUntil;
    if (s.kind === 'drive') {
      const prev = d.segs[i - 1];
      const offSince = prev?.kind === 'stop' ? Math.max(prev.t0, prev.idleUntil) : from;
      const air = ambientC(from);
      const previousEnd = prev?.kind === 'stop' && prev.t0 > d.start ? 88 : air;
      startCoolant = air + (previousEnd - air) * Math.exp(-(from - offSince) / 3_600_000);
      runStart = from;
    }
    if (to <= from) continue;
    const first = Math.max(Math.ceil(from / MINUTE), Math.ceil(start / MINUTE)) * MINUTE;
    const last = Math.min(to - 1, end);
    for (let t = first; t <= last; t += MINUTE) {
      core.evaluate(d, t, st);
      core.evaluate(d, t + 2000, ahead);
      const accel = (ahead.speed - st.speed) / 2;
      const speed = st.speed;
      const gearBand = spec.kind === 'truck' ? 14 : 22;
      const rpm =
        speed < 1
          ? 720 + 40 * jitter(seed, d.assetId, t, 1)
          : 1150 +
            ((speed % gearBand) / gearBand) * 1250 +
            Math.max(0, accel) * 90 +
            30 * jitter(seed, d.assetId, t, 1);
      const warm = (t - runStart) / 1000;
      const coolant = 88 - (88 - startCoolant) * Math.exp(-warm / 420) + 1.5 * jitter(seed, d.assetId, t, 2);
      const load = speed < 1 ? 18 : Math.min(98, 25 + speed * 0.35 + Math.max(0, accel) * 9);
      const throttle = speed < 1 ? 0 : Math.min(100, 8 + speed * 0.22 + Math.max(0, accel) * 12);
      const level = levelAt(fuel, t, st.fuelUsed);
      out.push({
        t,
        rpm: Math.round(rpm),
        coolantC: Math.round(coolant * 10) / 10,
        engineLoadPct: Math.round(load + 3 * jitter(seed, d.assetId, t, 3)),
        throttlePct: Math.max(0, Math.round(throttle + 2 * jitter(seed, d.assetId, t, 4))),
        batteryV: Math.round((14.1 + 0.15 * jitter(seed, d.assetId, t, 5)) * 100) / 100,
        speed: Math.round(speed * 10) / 10,
        fuelPct: Math.round((level / spec.fuelTankLiters) * 1000) / 10,
      });
    }
  }
  return out;
}
