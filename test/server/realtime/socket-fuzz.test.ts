import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { LOCATION_UPDATED_EVENT } from '../../../src/shared/interface';
import { closePusher, collectEvents, rawSocketUrl, subscribedClient } from '../../support/pusher';
import { establishedSocketId, openRawSocket } from './raw-socket';

/** Deterministic, so a failure replays (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  '{',
  '}',
  '[',
  ']',
  '"event"',
  ':',
  ',',
  '"pusher:subscribe"',
  '"data"',
  '"channel"',
  'null',
  '1e999',
  '"\\u0000"',
  '"private-account.fleetdesk-demo"',
  '"auth"',
  '"x:y"',
  'true',
  '{"channel":{}}',
];

describe('random input on the socket', () => {
  let service: LocalService;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 200 });
  });
  afterAll(async () => {
    await service.stop();
  });

  it('answers random bytes and random JSON-ish text with protocol errors or closes, then still serves pusher-js', async () => {
    const random = prng(20_261_123);
    for (let round = 0; round < 30; round++) {
      const sock = openRawSocket(rawSocketUrl(service));
      await establishedSocketId(sock);
      for (let i = 0; i < 5 && sock.ws.readyState === sock.ws.OPEN; i++) {
        if (random() < 0.3) {
          const bytes = Buffer.from(
            Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.floor(random() * 256)),
          );
          // Sent as a text frame: often invalid UTF-8, which ws itself must refuse (1007).
          sock.ws.send(bytes, { binary: random() < 0.5 });
        } else {
          const parts = Array.from(
            { length: 1 + Math.floor(random() * 12) },
            () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)],
          );
          sock.ws.send(parts.join(''));
        }
      }
      sock.sendJson({ event: 'pusher:ping', data: {} });
      // Each connection either still answers, or was closed with a protocol code; nothing hangs.
      const outcome = await Promise.race([
        sock.waitFor((f) => f.event === 'pusher:pong').then(() => 'pong'),
        sock.closed.then((c) => c.code),
      ]);
      if (outcome !== 'pong') expect([1007, 4009, 4300]).toContain(outcome);
      sock.ws.terminate();
    }

    const operator = service.users.find((u) => u.asset_ids === null);
    if (!operator) throw new Error('no operator');
    const { pusher, channel } = await subscribedClient(service, operator, 'live');
    try {
      const events = collectEvents(channel, LOCATION_UPDATED_EVENT);
      await events.waitFor(1);
      events.stop();
    } finally {
      await closePusher(pusher);
    }
  });
});
