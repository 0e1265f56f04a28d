import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

interface ServiceAddresses {
  readonly base_url: string;
  readonly ws_url: string;
  readonly api_url: string;
  readonly api_ws_url: string;
  readonly tracking_url: string;
}

export interface FeedlessProxy {
  /** The same addresses, through the proxy. */
  via<T extends ServiceAddresses>(addresses: T): T;
  /** Requests answered 404 so far, as `METHOD path`. */
  readonly refused: string[];
  close(): Promise<void>;
}

/** Our alarm extension's own paths (docs/service-interface.md §4.3): the feed and geofences. Alert rules are spec 4.3's. */
const EXTENSION = /^\/api\/[^/]+\/(alarm|geofence)(\/|\?|$)/;

/**
 * The local service as a service from before the alarm extension: every
 * request and WebSocket goes through to it unchanged, except the extension's
 * routes, which answer 404 as an unknown route does. Positions, the live
 * channel, assets and alert rules are the real service's.
 */
export async function startFeedlessProxy(upstreamPort: number): Promise<FeedlessProxy> {
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    if (EXTENSION.test(req.url ?? '')) {
      refused.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: `Route ${req.method}:${req.url} not found` }));
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server = createServer(forward);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = connect(upstreamPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const swap = (url: string): string => url.replace(`127.0.0.1:${upstreamPort}`, origin);
  return {
    via: (a) => ({
      ...a,
      base_url: swap(a.base_url),
      ws_url: swap(a.ws_url),
      api_url: swap(a.api_url),
      api_ws_url: swap(a.api_ws_url),
      tracking_url: swap(a.tracking_url),
    }),
    refused,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
