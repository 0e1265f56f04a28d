import type { DomainHandlers } from '../ipc-handlers';
import type { FleetModel } from './fleet-model';

export function fleetHandlers(fleet: FleetModel): DomainHandlers<'fleet'> {
  return {
    'fleet.snapshot': async () => fleet.snapshot(),
    'fleet.refresh': () => fleet.refresh(),
    'fleet.location': ({ assetId }) => fleet.location(assetId),
  };
}
