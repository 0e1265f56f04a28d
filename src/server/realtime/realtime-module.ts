import type { Server } from 'node:http';
import type { ServiceContext, ServiceModule } from '../context';

export interface RealtimeModule extends ServiceModule {
  publish(channel: string, event: string, data: unknown): void;
  /** Takes the HTTP server's WebSocket upgrades (path /app/<key>). */
  attach(server: Server): void;
}

// STUB — the realtime helper replaces this file.
export function createRealtimeModule(_ctx: ServiceContext, _opts: { tickMs: number }): RealtimeModule {
  return { name: 'realtime', register: () => undefined, publish: () => undefined, attach: () => undefined };
}
