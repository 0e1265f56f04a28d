import type { DomainHandlers } from '../ipc-handlers';
import type { Maintenance } from './maintenance';

export function odometerHandlers(m: Maintenance): DomainHandlers<'odometer'> {
  return {
    'odometer.list': ({ assetId }) => m.odometer.list(assetId),
    'odometer.add': ({ body }) => m.odometer.add(body),
  };
}
