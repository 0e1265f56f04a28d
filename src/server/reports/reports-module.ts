import type { ServiceContext, ServiceModule } from '../context';

export interface ReportsModuleOptions {
  readonly workers: number | undefined;
  readonly overloadThreshold: number;
}

// STUB — the reports helper replaces this file.
export function createReportsModule(_ctx: ServiceContext, _opts: ReportsModuleOptions): ServiceModule {
  return { name: 'reports', register: () => undefined };
}
