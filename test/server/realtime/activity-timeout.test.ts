import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PusherServer } from '../../../src/server/realtime/pusher-server';
import { establishedSocketId, openRawSocket } from './raw-socket';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

// The service's activity timeout is Pusher's 120 s; this runs the same server with a short one.
describe('activity timeout', () => {
  let http: Server;
  let pusher: PusherServer;
  let url: string;

  beforeAll(async () => {
    http = createServer((_req, res) => res.writeHead(404).end());
    pusher = new PusherServer({
      appKey: 'test-app',
      appSecret: 'test-secret',
      log: quietLog,
      activityTimeoutSec: 0.4,
      pongTimeoutMs: 400,
    });
    pusher.attach(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/app/test-app?protocol=7`;
  });
  afterAll(async () => {
    await pusher.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it('pings a silent client and closes it with 4201 when no pong comes back', async () => {
    const sock = openRawSocket(url);
    await establishedSocketId(sock);
    await sock.waitFor((f) => f.event === 'pusher:ping');
    const closed = await sock.closed;
    expect(closed.code).toBe(4201);
  });

  it('keeps a client that answers pusher:ping with pusher:pong', async () => {
    const sock = openRawSocket(url);
    await establishedSocketId(sock);
    let pings = 0;
    sock.ws.on('message', (raw) => {
      if (String(raw).includes('"pusher:ping"')) {
        pings++;
        sock.sendJson({ event: 'pusher:pong', data: {} });
      }
    });
    await sock.waitFor((f) => f.event === 'pusher:ping');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    sock.ws.close();
  });
});
