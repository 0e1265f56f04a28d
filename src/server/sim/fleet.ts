import type { Fleet, FleetOptions } from './types';

// STUB — the simulator helper replaces this file.
export function createFleet(_options: FleetOptions): Fleet {
  throw new Error('simulator not implemented yet');
}
