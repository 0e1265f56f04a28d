import type { DomainHandlers } from '../ipc-handlers';
import type { FuelLog } from './fuel-log';

export function fuelHandlers(fuel: FuelLog): DomainHandlers<'fuel'> {
  return {
    'fuel.list': ({ assetId }) => fuel.list(assetId),
    'fuel.add': ({ body }) => fuel.add(body),
    'fuel.update': ({ id, body }) => fuel.replace(id, body),
    'fuel.remove': async ({ id }) => {
      await fuel.remove(id);
      return null;
    },
  };
}
