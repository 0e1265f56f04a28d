import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { startReceivers, type ReceiverFigures } from './receivers';

/**
 * The same-run baseline of the live bench: a bare `ws` server writes the
 * very frames one service tick produced, spread over the tick as the
 * service spreads them, to raw `ws` clients in a worker thread that decode
 * them as pusher-js does. What remains is the floor: loopback, ws framing
 * and JSON decoding, without the simulator, the Pusher layer or pusher-js.
 */
export async function bareWsBroadcast(
  frames: readonly string[],
  clients: number,
  threads: number,
  tickMs: number,
  warmupMs: number,
  windowMs: number,
): Promise<ReceiverFigures> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const receivers = await startReceivers(
    { kind: 'raw', clients, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` },
    threads,
  );
  const spacing = tickMs / Math.max(1, frames.length);
  let next = 0;
  let stopped = false;
  const origin = Date.now();
  const sendNext = (): void => {
    if (stopped || frames.length === 0) return;
    const frame = frames[next % frames.length] ?? '';
    next++;
    // The send instant rides in the outer frame, where pusher-js would ignore it.
    const stamped = Buffer.from(`{"sentAt":${Date.now()},${frame.slice(1)}`, 'utf8');
    for (const client of wss.clients) client.send(stamped, { binary: false });
    setTimeout(sendNext, Math.max(0, origin + next * spacing - Date.now()));
  };
  sendNext();
  await new Promise((r) => setTimeout(r, warmupMs));
  receivers.start();
  await new Promise((r) => setTimeout(r, windowMs));
  const figures = await receivers.stop();
  stopped = true;
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return figures;
}
