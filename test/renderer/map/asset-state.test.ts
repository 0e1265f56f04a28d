import { describe, expect, it } from 'vitest';
import { stateOf } from '../../../src/renderer/src/features/map/asset-state';
import type { Asset, LivePosition } from '../../../src/shared/ipc';

const asset = (online: boolean): Asset => ({
  id: 1,
  name: 'Van 1',
  registration: null,
  vin: null,
  make: null,
  model: null,
  year: null,
  tracker: { id: 1, imei: '1', online, last_update: null },
});
const pos = (state: string, speed: number, ignition: boolean): LivePosition => ({
  assetId: 1,
  lat: 0,
  lon: 0,
  speed,
  course: 0,
  t: 0,
  state,
  ignition,
});

describe('asset state colours', () => {
  it('shows a moving vehicle as moving', () => {
    expect(stateOf(asset(true), pos('moving', 50, true))).toBe('moving');
  });

  it('shows a vehicle standing with the engine on as idle', () => {
    expect(stateOf(asset(true), pos('idle', 0, true))).toBe('idle');
    expect(stateOf(asset(true), pos('moving', 1, true))).toBe('idle');
  });

  it('shows a vehicle with the ignition off as stopped', () => {
    expect(stateOf(asset(true), pos('stopped', 0, false))).toBe('stopped');
    expect(stateOf(asset(true), pos('idle', 0, false))).toBe('stopped');
  });

  it('shows an offline tracker or an asset without a fix as offline, whatever its last state', () => {
    expect(stateOf(asset(false), pos('moving', 80, true))).toBe('offline');
    expect(stateOf(asset(true), undefined)).toBe('offline');
  });

  it('reads speed and ignition when the service sends a status name it does not document', () => {
    expect(stateOf(asset(true), pos('towing', 40, false))).toBe('moving');
    expect(stateOf(asset(true), pos('unknown', 0, true))).toBe('idle');
  });
});
