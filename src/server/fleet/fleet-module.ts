import type { ServiceContext, ServiceModule } from '../context';

// STUB — the fleet REST helper replaces this file.
export function createFleetModule(_ctx: ServiceContext): ServiceModule {
  return { name: 'fleet', register: () => undefined };
}
