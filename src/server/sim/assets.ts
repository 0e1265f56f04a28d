import { DRIVER_FIRST, DRIVER_LAST, MODELS, plate, type VehicleModel } from './catalogue';
import { dutyRoster } from './duty';
import { makeImei } from './imei';
import { pick, rng } from './random';
import type { SimAsset, SimBeacon } from './types';
import { makeVin, modelYearCode } from './vin';

export interface AssetSpec extends SimAsset {
  readonly vehicle: VehicleModel;
  /** Index into the city's depots. */
  readonly depot: number;
  /** Rank among the fleet's vehicles of the same duty: spaces their breaks (duty.ts). */
  readonly dutyRank: number;
}

const INTERVALS_MS = [10_000, 15_000, 30_000, 60_000];
export const BEACONS_PER_FLEET = (size: number): number => Math.max(4, Math.min(400, Math.ceil(size / 5)));

/** Asset 1 is always a round-the-clock 10 s tracker: the 30-day, 259,200-point case of the benches. */
export function buildAssets(seed: number, size: number, depots: number): AssetSpec[] {
  const beaconCount = BEACONS_PER_FLEET(size);
  const out: AssetSpec[] = [];
  const counters = new Map<string, number>();
  const roster = dutyRoster();
  for (let i = 0; i < size; i++) {
    const id = i + 1;
    const r = rng(seed, 0xa55e7, id);
    const vehicle = id === 1 ? MODELS.find((m) => m.kind === 'reefer')! : pick(MODELS, r());
    // Round the clock means a road vehicle with shifts of drivers; a backhoe works its site by day.
    const roundTheClock = id === 1 || (r() < 0.02 && vehicle.kind !== 'equipment');
    const n = (counters.get(vehicle.label) ?? 0) + 1;
    counters.set(vehicle.label, n);
    const year = 2016 + Math.floor(r() * 9);
    const hasObd = vehicle.kind !== 'equipment' && r() < 0.85;
    const beaconIds = r() < 0.5 ? [1 + Math.floor(r() * beaconCount)] : [];
    out.push({
      id,
      kind: vehicle.kind,
      name: `${vehicle.label} ${String(n).padStart(2, '0')} – ${vehicle.make} ${vehicle.model}`,
      registration: plate(r),
      vin: makeVin(vehicle.wmi, modelYearCode(year), r),
      make: vehicle.make,
      model: vehicle.model,
      year,
      trackerId: 10_000 + id,
      imei: makeImei(id, r),
      intervalMs: roundTheClock ? 10_000 : pick(INTERVALS_MS, r()),
      driverId: 500 + id,
      driverName: `${pick(DRIVER_FIRST, r())} ${pick(DRIVER_LAST, r())}`,
      fuelTankLiters: vehicle.tankLiters,
      hasTemperatureSensor: vehicle.kind === 'reefer',
      hasObd,
      beaconIds,
      flaky: id !== 1 && r() < 0.06,
      roundTheClock,
      ...roster({ roundTheClock, kind: vehicle.kind }),
      vehicle,
      depot: Math.floor(r() * depots),
    });
  }
  return out;
}

export function buildBeacons(seed: number, size: number): SimBeacon[] {
  const count = BEACONS_PER_FLEET(size);
  return Array.from({ length: count }, (_, i) => {
    const r = rng(seed, 0xbeac, i + 1);
    const portable = i % 3 !== 0;
    const mac = Array.from({ length: 6 }, () =>
      Math.floor(r() * 256)
        .toString(16)
        .padStart(2, '0'),
    )
      .join(':')
      .toUpperCase();
    return {
      id: i + 1,
      name: portable
        ? `Pallet tag ${String(i + 1).padStart(3, '0')}`
        : `Cold-room sensor ${String(i + 1).padStart(3, '0')}`,
      mac,
      portable,
    };
  });
}

export { pick };
