import type { HistoryColumns } from '../../../../src/shared/ipc';
import { seeded } from '../../support/sim-fleet';

const FIX_MS = 10_000;
const PARKED_FIX_MS = 300_000;

/**
 * A plausible working day for screenshots: driving between 06:00 and 19:00
 * local time in segments of town, road and motorway speeds, stops of 3–40
 * minutes (ignition off for the long ones), parked overnight (a fix every
 * parkedFixMs; 10 s gives the 30-day worst case of 259,200 points).
 */
export function driveTrack(
  start: number,
  end: number,
  seed = 11,
  parkedFixMs = PARKED_FIX_MS,
): HistoryColumns {
  const rnd = seeded(seed);
  const t: number[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const speed: number[] = [];
  const heading: number[] = [];
  const odo: number[] = [];
  const ign: number[] = [];
  let la = 51.92;
  let lo = 4.45;
  let hd = 60;
  let km = 182_000;
  let now = start;
  let segmentLeft = 0;
  let target = 0;
  let stopLeft = 0;
  const push = (v: number, ig: number): void => {
    t.push(now);
    lat.push(la);
    lon.push(lo);
    speed.push(v);
    heading.push(hd);
    odo.push(km);
    ign.push(ig);
  };
  while (now < end) {
    const hour = new Date(now).getHours();
    if (hour < 6 || hour >= 19) {
      push(0, 0);
      now += parkedFixMs;
      continue;
    }
    if (stopLeft > 0) {
      push(0, stopLeft > 15 * 60_000 ? 0 : 1);
      stopLeft -= FIX_MS;
      now += FIX_MS;
      continue;
    }
    if (segmentLeft <= 0) {
      if (t.length > 0 && rnd() < 0.5) {
        stopLeft = (3 + rnd() * 37) * 60_000;
        segmentLeft = 0;
        continue;
      }
      segmentLeft = (8 + rnd() * 35) * 60_000;
      target = [25, 45, 70, 95, 115][Math.floor(rnd() * 5)]!;
    }
    const v = Math.max(3, target + (rnd() - 0.5) * 14);
    hd = (hd + (rnd() - 0.5) * (target > 80 ? 6 : 28) + 360) % 360;
    // Stay around the Rotterdam area so the whole day fits one view.
    const dLa = la - 51.92;
    const dLo = lo - 4.45;
    if (Math.hypot(dLa, dLo * 0.62) > 0.35) hd = ((Math.atan2(-dLo, -dLa) * 180) / Math.PI + 360) % 360;
    const metres = (v / 3.6) * (FIX_MS / 1000);
    const rad = (hd * Math.PI) / 180;
    push(v, 1);
    la += (Math.cos(rad) * metres) / 111_320;
    lo += (Math.sin(rad) * metres) / (111_320 * Math.cos((la * Math.PI) / 180));
    km += metres / 1000;
    segmentLeft -= FIX_MS;
    now += FIX_MS;
  }
  const n = t.length;
  return {
    t: Float64Array.from(t),
    lat: Float64Array.from(lat),
    lon: Float64Array.from(lon),
    alt: new Float32Array(n).fill(NaN),
    speed: Float32Array.from(speed),
    heading: Float32Array.from(heading),
    odometer: Float64Array.from(odo),
    ignition: Uint8Array.from(ign),
    satellites: new Uint8Array(n).fill(9),
  };
}
