import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { IpcRouter } from '../ipc/ipc-router';
import type { PushChannel } from '../ipc/push-channel';
import { callerContext, type Caller } from './caller-context';
import { decodeSocketFrame, encodeSocketFrame, typedBytesNear } from '../../shared/ipc/socket-frame-codec';
import {
  BRIDGE_SOCKET_PATH,
  PARCELS_QUERY_KEY,
  invokeFrameSchema,
  type HostFrame,
} from '../../shared/ipc/socket-frames';
import { PARCEL_MIN_BYTES, type ReplyParcels } from './reply-parcels';

export interface BridgeSocketOptions {
  readonly server: Server;
  readonly secret: string;
  /** The page's own origins (http://127.0.0.1:port); every other Origin is refused. */
  readonly allowedOrigins: () => readonly string[];
  readonly router: IpcRouter;
  readonly pushes: PushChannel;
  /** Where replies past PARCEL_MIN_BYTES wait for a page that fetches them. */
  readonly parcels: ReplyParcels;
  readonly log: { warn(message: string): void; error(message: string, err: unknown): void };
}

/**
 * A frame bigger than this is not an IPC call. The largest real one is a
 * photo the page picked (photos.upload: at most 5 MiB, about 7 MB as base64);
 * twice that, so a somewhat larger file still reaches the contract's check and
 * its message ("at most 5 MiB") rather than a closed socket.
 */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

const CANNOT_SEND = {
  ok: false,
  error: { code: 'internal', message: 'The answer could not be sent to the window.' },
} as const;

/**
 * The contract over a loopback WebSocket (docs/architecture.md §1). Only a page that knows
 * this run's secret and is served from our own origin gets a socket: a web
 * page elsewhere in the same browser can open WebSockets to loopback, but it
 * cannot know the secret and its Origin gives it away.
 */
export function attachBridgeSocket(options: BridgeSocketOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const expected = Buffer.from(options.secret);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Any local process may send a request target that is no URL (`//[`): thrown here, it would end the host.
    const url = URL.parse(req.url ?? '/', 'http://host.invalid');
    if (!url) return refuse(socket, 400, 'Bad Request');
    if (url.pathname !== BRIDGE_SOCKET_PATH) return; // Vite's HMR socket, or nobody's.
    const given = Buffer.from(url.searchParams.get('secret') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return refuse(socket, 401, 'Unauthorized');
    const origin = req.headers.origin;
    if (!origin || !options.allowedOrigins().includes(origin)) {
      options.log.warn(`Bridge socket refused for Origin ${String(origin).slice(0, 100)}.`);
      return refuse(socket, 403, 'Forbidden');
    }
    const fetchesParcels = url.searchParams.get(PARCELS_QUERY_KEY) === '1';
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, options, fetchesParcels));
  };
  options.server.on('upgrade', onUpgrade);

  return {
    close: () =>
      new Promise<void>((resolve) => {
        options.server.off('upgrade', onUpgrade);
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function serve(ws: WebSocket, options: BridgeSocketOptions, fetchesParcels: boolean): void {
  /**
   * A reply whose typed arrays make it a parcel anyway is announced before it is encoded: the page's
   * request for it crosses while the encoding holds this thread (~25–40 ms for a month of history),
   * and is answered as soon as the bytes are there. False when too much is held to announce one.
   */
  const sendAnnounced = (frame: HostFrame, id: number): boolean => {
    const announced = options.parcels.announce(ws);
    if (!announced) return false;
    ws.send(encodeSocketFrame({ type: 'parcel', id, url: announced.url, text: false }));
    try {
      announced.fill(encodeSocketFrame(frame));
    } catch (err) {
      // The page's fetch finds nothing, which fails its call.
      announced.fail();
      options.log.error('A reply could not be sent to the page', err);
    }
    return true;
  };
  const send = (frame: HostFrame): void => {
    // A tab that falls behind is sent fewer, larger live batches by the push channel (LIVE_WINDOW).
    if (ws.readyState !== ws.OPEN) return;
    const id = frame.type === 'reply' ? frame.id : null;
    try {
      if (
        id !== null &&
        fetchesParcels &&
        typedBytesNear(frame) >= PARCEL_MIN_BYTES &&
        sendAnnounced(frame, id)
      )
        return;
      const data = encodeSocketFrame(frame);
      const url =
        id !== null && fetchesParcels && data.length >= PARCEL_MIN_BYTES
          ? options.parcels.offer(data, ws)
          : null;
      ws.send(
        id !== null && url !== null
          ? encodeSocketFrame({ type: 'parcel', id, url, text: typeof data === 'string' })
          : data,
      );
    } catch (err) {
      options.log.error('A frame could not be sent to the page', err);
      // A reply that cannot be sent still answers its call, which would otherwise wait for ever.
      if (frame.type === 'reply' && frame.reply.ok) send({ type: 'reply', id: frame.id, reply: CANNOT_SEND });
    }
  };
  const target = options.pushes.attach(({ event, payload }) => send({ type: 'push', event, payload }));
  const gone = (): void => {
    target.detach();
    options.parcels.dropOwner(ws);
  };
  ws.on('close', gone);
  ws.on('error', gone);

  ws.on('message', (data: RawData, isBinary: boolean) => {
    let json: unknown;
    try {
      json = decodeSocketFrame(isBinary ? rawBytes(data) : rawBytes(data).toString('utf8'));
    } catch {
      return send({ type: 'error', message: 'A frame was neither JSON nor a bridge frame.' });
    }
    const frame = invokeFrameSchema.safeParse(json);
    if (!frame.success) return send({ type: 'error', message: 'A frame was not an invoke frame.' });
    const { id, method, args } = frame.data;
    const caller: Caller = { send, afterReply: [] };
    callerContext
      .run(caller, () => options.router.dispatch(method, args, target))
      .then((reply) => {
        send({ type: 'reply', id, reply });
        if (reply.ok) for (const next of caller.afterReply) next();
      })
      .catch((err: unknown) => {
        // The router answers every failure itself; this is the last line of defence.
        options.log.error(`${method} failed outside the router`, err);
        send({
          type: 'reply',
          id,
          reply: { ok: false, error: { code: 'internal', message: 'Something went wrong.' } },
        });
      });
  });
}

function rawBytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}
