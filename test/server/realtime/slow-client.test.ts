import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signChannel } from '../../../src/server/realtime/channel-signature';
import { PusherServer } from '../../../src/server/realtime/pusher-server';
import { establishedSocketId, openRawSocket, type RawSocket } from './raw-socket';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CHANNEL = 'private-account.slow';

/** A client that completes the WebSocket handshake and subscribes, then stops reading its socket. */
async function stalledSubscriber(port: number): Promise<RawSocket> {
  const sock = openRawSocket(`ws://127.0.0.1:${port}/app/test-app?protocol=7`);
  const socketId = await establishedSocketId(sock);
  sock.sendJson({
    event: 'pusher:subscribe',
    data: { channel: CHANNEL, auth: signChannel('test-app', 'test-secret', socketId, CHANNEL) },
  });
  await sock.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
  sock.ws.pause();
  return sock;
}

// The service's limits are 8 MiB / 64 MiB; this runs the same server with small ones.
describe('a client that stops reading', () => {
  let http: Server;
  let pusher: PusherServer;
  let port: number;

  beforeAll(async () => {
    http = createServer((_req, res) => res.writeHead(404).end());
    pusher = new PusherServer({
      appKey: 'test-app',
      appSecret: 'test-secret',
      log: quietLog,
      bufferLimits: { softBytes: 256 * 1024, hardBytes: 4 * 1024 * 1024 },
    });
    pusher.attach(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await pusher.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it('loses live frames instead of queueing them without bound, and is closed once even must-deliver frames pile up', async () => {
    const sock = await stalledSubscriber(port);
    const frame = Buffer.from(
      JSON.stringify({ event: '.location.updated', channel: CHANNEL, data: 'x'.repeat(100_000) }),
    );
    // Far more than the loopback socket buffers hold: the rest waits in the server's queue.
    for (let i = 0; i < 600; i++) {
      pusher.sendFrame(CHANNEL, frame, 'all', true);
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    expect(pusher.droppedFrames()).toBeGreaterThan(0);
    expect(pusher.hasSubscribers(CHANNEL)).toBe(true);

    let delivered = 1;
    for (let i = 0; i < 200 && delivered > 0; i++) {
      delivered = pusher.sendFrame(CHANNEL, frame, 'all', false);
      await new Promise((r) => setImmediate(r));
    }
    expect(delivered).toBe(0);
    // Reading again, the client finds the queued frames, then the protocol's goodbye.
    sock.ws.resume();
    expect((await sock.closed).code).toBe(4100);
    expect(sock.frames.some((f) => f.event === 'pusher:error')).toBe(true);
  });
});
