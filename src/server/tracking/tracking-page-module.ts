import type { ServiceContext, ServiceModule } from '../context';

// STUB — issue 6 replaces this file.
export function createTrackingPageModule(_ctx: ServiceContext): ServiceModule {
  return { name: 'tracking-page', register: () => undefined };
}
