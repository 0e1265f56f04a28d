import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON answer on its way back: return the body to send instead, or undefined to leave it alone. */
export type JsonRewrite = (
  exchange: { readonly method: string; readonly path: string },
  body: unknown,
) => unknown;

export interface RewritingProxy {
  readonly origin: string;
  /** An address of the service, through the proxy. */
  via(url: string): string;
  /** Answers the proxy altered. */
  rewritten(): number;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the local service that alters JSON answers in
 * flight, so the core really receives what a misbehaving or hostile service
 * would send (our own service never does). Everything else passes as it is.
 */
export async function startRewritingProxy(
  upstreamPort: number,
  rewrite: JsonRewrite,
): Promise<RewritingProxy> {
  const upstreamHost = `127.0.0.1:${upstreamPort}`;
  let rewritten = 0;
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method,
        path,
        headers: { ...req.headers, host: upstreamHost },
      },
      (answer) => {
        const headers: IncomingHttpHeaders = { ...answer.headers };
        if (!/^application\/json\b/.test(answer.headers['content-type'] ?? '')) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const replaced = text === '' ? undefined : rewrite({ method, path }, JSON.parse(text));
          const body = replaced === undefined ? text : JSON.stringify(replaced);
          if (replaced !== undefined) rewritten++;
          delete headers['transfer-encoding'];
          headers['content-length'] = String(Buffer.byteLength(body));
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    via: (url) => url.replace(upstreamHost, origin),
    rewritten: () => rewritten,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
