import type { ServiceContext, ServiceModule } from '../context';
import type { FleetStores } from '../fleet/fleet-stores';
import { AlarmEngine } from './alarm-engine';

/**
 * The alarm engine as a module of the service. Its routes (geofences, the
 * alarm feed, acknowledgement) are in the fleet route table, so /docs
 * documents them with the rest of /api/{account}.
 */
export function createAlarmsModule(
  ctx: ServiceContext,
  stores: FleetStores,
  opts: { tickMs: number },
): ServiceModule {
  const engine = new AlarmEngine(ctx, stores, opts);
  return {
    name: 'alarms',
    register: () => undefined,
    start: () => engine.start(),
    stop: () => engine.stop(),
  };
}
