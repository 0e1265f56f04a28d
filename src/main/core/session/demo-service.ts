import type { ServiceEndpoints } from './service-endpoints';

/**
 * The Demo profile's fleet service as the core sees it: where it listens, and its operator.
 * The shells provide it (src/main/demo): the core never imports the local service itself
 * (architecture.md §2).
 */
export interface DemoService {
  readonly endpoints: ServiceEndpoints;
  readonly operator: { readonly id: number; readonly name: string; readonly token: string };
  stop(): Promise<void>;
}

export type StartDemoService = () => Promise<DemoService>;
