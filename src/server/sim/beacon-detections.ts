import type { SimCore } from './core';
import { newSegmentState } from './core';
import { DAY_MS } from './local-time';
import { inGap, type Gap } from './offline';
import { hash32, unit } from './random';
import { ambientC, reeferTemperature, type DoorOpening } from './reefer';
import type { DaySchedule } from './schedule';
import type { BeaconDetection, SimBeacon } from './types';

/**
 * Bluetooth tags seen by trackers, on a 5-minute scan grid while the tracker
 * is online. A portable tag (a pallet tag) rides with one of the assets that
 * know it each day and is seen while that asset is out of the depot (it is
 * unloaded in the warehouse at night); a fixed tag (a cold-room sensor) is
 * seen by its assets while they are parked in the depot.
 */
export const SCAN_EVERY_MS = 300_000;

/** The asset carrying a portable tag on a local day, among those that can detect it. */
export function carrierOf(
  seed: number,
  beacon: SimBeacon,
  holders: readonly number[],
  day: number,
): number | null {
  if (holders.length === 0) return null;
  return holders[hash32(seed, beacon.id, day, 0xca77) % holders.length]!;
}

export interface DetectionDay {
  readonly core: SimCore;
  readonly d: DaySchedule;
  readonly gaps: readonly Gap[];
  readonly beacon: SimBeacon;
}

const signed = (seed: number, a: number, b: number, t: number, salt: number): number =>
  unit(seed, a, b, t / SCAN_EVERY_MS, salt) * 2 - 1;

export function detectionsOfDay(x: DetectionDay, start: number, end: number): BeaconDetection[] {
  const { core, d, gaps, beacon } = x;
  const seed = core.seed;
  const spec = core.spec(d.assetId);
  const out: BeaconDetection[] = [];
  const st = newSegmentState();
  const doors: (DoorOpening | null | undefined)[] = new Array<DoorOpening | null | undefined>(
    d.segs.length,
  ).fill(undefined);
  const from = Math.ceil(Math.max(start, d.start) / SCAN_EVERY_MS) * SCAN_EVERY_MS;
  const to = Math.min(end, d.end - 1);
  for (let t = from; t <= to; t += SCAN_EVERY_MS) {
    if (gaps.length > 0 && inGap(gaps, t)) continue;
    core.evaluate(d, t, st);
    const seg = d.segs[st.seg]!;
    const inDepot = seg.kind === 'stop' && seg.place.kind === 'depot';
    if (beacon.portable === inDepot) continue;
    const n = (salt: number): number => signed(seed, beacon.id, d.assetId, t, salt);
    let temperatureC: number;
    let humidityPct: number;
    if (!beacon.portable) {
      temperatureC = 3 + 0.8 * Math.sin((2 * Math.PI * (t % 5_400_000)) / 5_400_000) + 0.2 * n(1);
      humidityPct = 86 + 4 * n(2);
    } else if (spec.hasTemperatureSensor) {
      temperatureC = reeferTemperature(seed, d, st.seg, t, doors) + 0.3 * n(1);
      humidityPct = 90 + 4 * n(2);
    } else {
      temperatureC = ambientC(t) + 3 + 0.5 * n(1);
      humidityPct = 58 + 12 * n(2);
    }
    // Coin cells last ~18 months; the count restarts when the battery is changed.
    const age = (((t / DAY_MS + beacon.id * 37) % 540) + 540) % 540;
    out.push({
      t,
      beaconId: beacon.id,
      assetId: d.assetId,
      rssi: Math.round((beacon.portable ? -60 : -78) + 8 * n(3)),
      temperatureC: Math.round(temperatureC * 10) / 10,
      humidityPct: Math.round(humidityPct),
      batteryPct: Math.round(100 - (age / 540) * 85),
      lat: Math.round(st.lat * 1e6) / 1e6,
      lon: Math.round(st.lon * 1e6) / 1e6,
    });
  }
  return out;
}
