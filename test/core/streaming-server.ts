import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server sent on one request by the time its connection closed or its answer ended. */
export interface Sent {
  readonly bytes: number;
  /** The answer ended; false when the client closed the connection first. */
  readonly whole: boolean;
}

export interface StreamingServer {
  readonly origin: string;
  /** What each request since the last call was sent, once its connection has closed or its answer ended. */
  served(): Promise<Sent[]>;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/**
 * A server of answers as large as asked, written only as fast as the client
 * takes them (backpressure), so what it sent shows how far the client read.
 * Any path, with `?total=N`: N bytes of JSON (spaces, then `0`); `declare=N`
 * sends that Content-Length and then never ends (the body it promises never
 * comes); `status=N` answers with that status; `type=T` as that Content-Type.
 */
export async function startStreamingServer(): Promise<StreamingServer> {
  let sent: Promise<Sent>[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const total = Number(q.get('total'));
    const declared = q.get('declare');
    res.writeHead(Number(q.get('status') ?? 200), {
      'content-type': q.get('type') ?? 'application/json',
      ...(declared === null ? {} : { 'content-length': declared }),
    });
    sent.push(
      new Promise((resolve) => {
        let bytes = 0;
        let closed = false;
        res.on('close', () => {
          closed = true;
          resolve({ bytes, whole: res.writableFinished });
        });
        const pump = (): void => {
          while (!closed && bytes < total) {
            const n = Math.min(CHUNK.length, total - bytes);
            const chunk =
              bytes + n === total ? Buffer.concat([CHUNK.subarray(0, n - 1), Buffer.from('0')]) : CHUNK;
            bytes += n;
            if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
          }
          if (!closed && declared === null) res.end();
        };
        pump();
      }),
    );
  };
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served() {
      const these = sent;
      sent = [];
      return Promise.all(these);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
