import type { Server } from 'node:http';
import type { ServiceContext, ServiceModule } from '../context';
import { registerBroadcastingAuthRoutes } from './broadcasting-auth-routes';
import { LiveTicker } from './live-tick';
import { PusherServer, type AssetEventItem } from './pusher-server';

export interface RealtimeModule extends ServiceModule {
  publish(channel: string, event: string, data: unknown): void;
  publishForAssets(channel: string, event: string, items: readonly AssetEventItem[], asArray: boolean): void;
  /** Takes the HTTP server's WebSocket upgrades (path /app/<key>). */
  attach(server: Server): void;
}

/** docs/architecture.md "The local fleet service": the Pusher protocol server, its auth endpoints and the live position tick. */
export function createRealtimeModule(ctx: ServiceContext, opts: { tickMs: number }): RealtimeModule {
  const server = new PusherServer({ appKey: ctx.appKey, appSecret: ctx.appSecret, log: ctx.log });
  const ticker = new LiveTicker(ctx, server, opts.tickMs);
  return {
    name: 'realtime',
    register: (app) => registerBroadcastingAuthRoutes(app, ctx),
    publish: (channel, event, data) => server.publish(channel, event, data),
    publishForAssets: (channel, event, items, asArray) =>
      server.publishForAssets(channel, event, items, asArray),
    attach: (http) => server.attach(http),
    start: () => ticker.start(),
    stop: async () => {
      ticker.stop();
      await server.close();
    },
  };
}
