import type { DaySchedule, StopSeg } from './schedule';
import { DAY_MS } from './local-time';
import { unit } from './random';

/**
 * A reefer's cargo probe: held near the 3 °C set point by the compressor
 * (a small saw-tooth), warming towards the outside air while the door is
 * open at a customer, then pulled back down. Now and then a door is left
 * open for half an hour: the temperature alarms of the reports.
 */
export const SET_POINT_C = 3;
const WARM_TAU_S = 1500;
const COOL_TAU_S = 420;

/** Milan air temperature: ~3 °C in January, ~24 °C in July, warmest mid-afternoon. */
export function ambientC(t: number): number {
  const dayOfYear = (t / DAY_MS) % 365.2425;
  const hour = ((t / 3_600_000) % 24) + 1;
  return (
    13.5 -
    10.5 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365.2425) +
    4.5 * Math.cos((2 * Math.PI * (hour - 15)) / 24)
  );
}

export interface DoorOpening {
  readonly open: number;
  readonly close: number;
  /** Outside air minus set point when the door opened. */
  readonly gap: number;
  /** Excursion when the door closed. */
  readonly peak: number;
}

export function doorOpening(seed: number, assetId: number, day: number, stop: StopSeg): DoorOpening | null {
  if (stop.place.kind !== 'customer') return null;
  const long = unit(seed, assetId, day, stop.leg, 0xd00f) < 0.05;
  const seconds = long
    ? 1500 + 900 * unit(seed, assetId, day, stop.leg, 0xd010)
    : 90 + 420 * unit(seed, assetId, day, stop.leg, 0xd011);
  const open = stop.t0 + 60_000;
  const close = Math.max(open, Math.min(stop.t1 - 30_000, open + seconds * 1000));
  const gap = ambientC(open) - SET_POINT_C;
  return { open, close, gap, peak: gap * (1 - Math.exp(-(close - open) / 1000 / WARM_TAU_S)) };
}

function excursion(door: DoorOpening, t: number): number {
  if (t < door.open) return 0;
  if (t <= door.close) return door.gap * (1 - Math.exp(-(t - door.open) / 1000 / WARM_TAU_S));
  const since = (t - door.close) / 1000;
  // After ten time constants the excursion is below rounding: skip the exp.
  return since > 10 * COOL_TAU_S ? 0 : door.peak * Math.exp(-since / COOL_TAU_S);
}

export function reeferTemperature(
  seed: number,
  d: DaySchedule,
  seg: number,
  t: number,
  doors: (DoorOpening | null | undefined)[],
): number {
  // The stop being served, or the one just left (the cargo is still cooling down while driving).
  const s = d.segs[seg]!;
  const at = s.kind === 'stop' ? seg : seg - 1;
  let door = doors[at];
  if (door === undefined) {
    const stop = d.segs[at];
    door = stop?.kind === 'stop' ? doorOpening(seed, d.assetId, d.day, stop) : null;
    doors[at] = door;
  }
  // Reduce the phase first: sin of a 1e7-radian argument is slow and loses precision.
  const cycle =
    0.35 * Math.sin((2 * Math.PI * (t % 1_500_000)) / 1_500_000) +
    0.1 * Math.sin((2 * Math.PI * (t % 217_000)) / 217_000);
  const value = SET_POINT_C + cycle + (door ? excursion(door, t) : 0);
  return Math.round(value * 10) / 10;
}
