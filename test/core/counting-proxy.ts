import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** The service addresses of a profile (spec 2.1). */
interface ServiceAddresses {
  readonly base_url: string;
  readonly ws_url: string;
  readonly api_url: string;
  readonly api_ws_url: string;
  readonly tracking_url: string;
}

/** What went through the proxy: channel authorizations asked for, and WebSocket connections still open. */
export interface CountingProxy {
  readonly port: number;
  readonly origin: string;
  /** The same addresses, through the proxy. */
  via<T extends ServiceAddresses>(addresses: T): T;
  authRequests(): number;
  openWebSockets(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the local service, so a test can see what the
 * pusher-js clients (which do not go through the core's fetch) send: each
 * request line to a broadcasting auth endpoint, and each open socket that
 * began as a WebSocket upgrade (GET /app/<key>).
 */
export async function startCountingProxy(upstreamPort: number): Promise<CountingProxy> {
  let auths = 0;
  const webSockets = new Set<Socket>();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(upstreamPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let first = true;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (first && text.startsWith('GET /app/')) webSockets.add(client);
      first = false;
      auths += text.match(/^POST [^ ]*\/broadcasting\/auth /gm)?.length ?? 0;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = (): void => {
      webSockets.delete(client);
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `127.0.0.1:${port}`;
  const swap = (url: string): string => url.replace(`127.0.0.1:${upstreamPort}`, origin);
  return {
    port,
    origin,
    via: (a) => ({
      ...a,
      base_url: swap(a.base_url),
      ws_url: swap(a.ws_url),
      api_url: swap(a.api_url),
      api_ws_url: swap(a.api_ws_url),
      tracking_url: swap(a.tracking_url),
    }),
    authRequests: () => auths,
    openWebSockets: () => webSockets.size,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
