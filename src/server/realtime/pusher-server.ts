import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ServiceLog } from '../context';
import { assetFilterKey, decodeAssetFilter } from './asset-filter';
import { verifyChannelSignature } from './channel-signature';
import { handshakeRefusal, newSocketId, type Refusal } from './handshake';
import { PusherConnection, type BufferLimits } from './pusher-connection';
import {
  ACTIVITY_TIMEOUT_SEC,
  CloseCode,
  MAX_CLIENT_FRAME_BYTES,
  PONG_TIMEOUT_MS,
  PusherEvent,
  clientFrameSchema,
  encodeChannelEvent,
  encodeError,
  subscribeDataSchema,
  unsubscribeDataSchema,
} from './pusher-protocol';

export interface PusherServerOptions {
  readonly appKey: string;
  readonly appSecret: string;
  readonly log: ServiceLog;
  readonly now?: () => number;
  readonly activityTimeoutSec?: number;
  readonly pongTimeoutMs?: number;
  /** Per-connection backpressure thresholds (pusher-connection.ts); tests lower them. */
  readonly bufferLimits?: BufferLimits;
}

/** Who listens on a channel: subscribers that see every asset, and groups of restricted ones. */
export interface ChannelAudience {
  readonly unfiltered: number;
  /** filter key → the asset ids of that group. */
  readonly filtered: ReadonlyMap<string, readonly number[]>;
}

/** One event's payload and the asset it is about. */
export interface AssetEventItem {
  readonly assetId: number;
  readonly data: unknown;
}

/** `all`: every subscriber (report events); `unfiltered`: those that see every asset; else a filter key. */
export type AudienceSelector = 'all' | 'unfiltered' | string;

const MAX_CHANNELS_PER_CONNECTION = 100;
/** A local service: far above any real use (a desktop app holds two), low enough to bound memory. */
const MAX_CONNECTIONS = 5_000;
/** ws' own hard cap (it closes with 1009 past it); frames between our limit and this get 4300. */
const WS_MAX_PAYLOAD = 1024 * 1024;

/**
 * A Pusher protocol 7 server on `ws`, for the unmodified pusher-js client.
 * Private channels only; no client events, presence or encrypted channels.
 */
export class PusherServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    perMessageDeflate: false,
    clientTracking: false,
  });
  private readonly connections = new Set<PusherConnection>();
  private readonly channels = new Map<string, Set<PusherConnection>>();
  private readonly sweep: NodeJS.Timeout;
  private closing = false;
  private readonly now: () => number;
  private readonly activityTimeoutMs: number;
  private readonly pongTimeoutMs: number;

  constructor(private readonly opts: PusherServerOptions) {
    this.now = opts.now ?? Date.now;
    this.activityTimeoutMs = (opts.activityTimeoutSec ?? ACTIVITY_TIMEOUT_SEC) * 1000;
    this.pongTimeoutMs = opts.pongTimeoutMs ?? PONG_TIMEOUT_MS;
    const every = Math.max(100, Math.min(this.activityTimeoutMs, this.pongTimeoutMs) / 4);
    this.sweep = setInterval(() => this.checkActivity(), every);
    this.sweep.unref();
  }

  /** Takes the HTTP server's upgrades for /app/<key>; other paths too unless someone else listens. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (!path.startsWith('/app/') && server.listenerCount('upgrade') > 1) return;
      socket.on('error', () => socket.destroy());
      try {
        this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req));
      } catch {
        socket.destroy();
      }
    });
  }

  audience(channel: string): ChannelAudience {
    const subs = this.channels.get(channel);
    let unfiltered = 0;
    const filtered = new Map<string, readonly number[]>();
    for (const conn of subs ?? []) {
      const filter = conn.subscriptions.get(channel);
      if (!filter) unfiltered++;
      else filtered.set(filter.key, filter.ids);
    }
    return { unfiltered, filtered };
  }

  hasSubscribers(channel: string): boolean {
    return (this.channels.get(channel)?.size ?? 0) > 0;
  }

  /** Writes one pre-encoded frame to the chosen subscribers; returns how many got it. */
  sendFrame(channel: string, frame: Buffer, to: AudienceSelector, droppable: boolean): number {
    let sent = 0;
    for (const conn of this.channels.get(channel) ?? []) {
      if (to !== 'all') {
        const key = conn.subscriptions.get(channel)?.key ?? null;
        if (to === 'unfiltered' ? key !== null : key !== to) continue;
      }
      if (conn.sendFrame(frame, droppable)) sent++;
      else if (conn.overCapacity && !conn.reported) {
        conn.reported = true;
        this.opts.log.warn('closed a client too slow to read its messages', {
          socketId: conn.socketId,
          droppedFrames: conn.droppedFrames,
        });
      }
    }
    return sent;
  }

  /** A channel event for every subscriber, serialized once. Never throws into the publishing module. */
  publish(channel: string, event: string, data: unknown): void {
    if (!this.hasSubscribers(channel)) return;
    const frame = this.encode(channel, event, data);
    if (frame) this.sendFrame(channel, frame, 'all', false);
  }

  private encode(channel: string, event: string, data: unknown): Buffer | null {
    try {
      return Buffer.from(encodeChannelEvent(channel, event, data), 'utf8');
    } catch (err) {
      this.opts.log.error('event not serializable; not published', { channel, event, err: String(err) });
      return null;
    }
  }

  /**
   * Events about assets (alarms): each subscriber gets the items of the assets it may see, as
   * positions are filtered (asset-filter.ts). `asArray`: one message with the subscriber's items;
   * otherwise one message per item. Never dropped while the socket is open, like report events.
   */
  publishForAssets(channel: string, event: string, items: readonly AssetEventItem[], asArray: boolean): void {
    if (items.length === 0 || !this.hasSubscribers(channel)) return;
    const send = (chosen: readonly AssetEventItem[], to: AudienceSelector): void => {
      const payloads = asArray ? [chosen.map((i) => i.data)] : chosen.map((i) => i.data);
      for (const data of payloads) {
        const frame = this.encode(channel, event, data);
        if (!frame) return;
        this.sendFrame(channel, frame, to, false);
      }
    };
    const audience = this.audience(channel);
    if (audience.unfiltered > 0) send(items, 'unfiltered');
    for (const [key, ids] of audience.filtered) {
      const visible = new Set(ids);
      const theirs = items.filter((i) => visible.has(i.assetId));
      if (theirs.length > 0) send(theirs, key);
    }
  }

  /** Live frames skipped for slow clients since start (see pusher-connection.ts). */
  droppedFrames(): number {
    let n = 0;
    for (const c of this.connections) n += c.droppedFrames;
    return n;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweep);
    for (const conn of this.connections) conn.close(CloseCode.reconnectNow, 'Server is stopping.');
    this.connections.clear();
    this.channels.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    const socketId = newSocketId();
    const conn = new PusherConnection(socketId, ws, this.now(), this.opts.bufferLimits);
    ws.on('error', () => ws.terminate());
    const refusal = this.refusalFor(req);
    if (refusal) {
      conn.close(refusal.code, refusal.message);
      return;
    }
    this.connections.add(conn);
    ws.on('message', (data, isBinary) => this.onMessage(conn, data, isBinary));
    ws.on('pong', () => (conn.lastSeenAt = this.now()));
    ws.on('close', () => this.drop(conn));
    conn.send(
      PusherEvent.connectionEstablished,
      JSON.stringify({ socket_id: socketId, activity_timeout: this.activityTimeoutMs / 1000 }),
    );
  }

  private refusalFor(req: IncomingMessage): Refusal | null {
    if (this.closing) return { code: CloseCode.reconnectNow, message: 'Server is stopping.' };
    if (this.connections.size >= MAX_CONNECTIONS) {
      return { code: CloseCode.overCapacity, message: 'Too many connections; retry later.' };
    }
    return handshakeRefusal(req.url ?? '/', this.opts.appKey);
  }

  private onMessage(conn: PusherConnection, data: RawData, isBinary: boolean): void {
    conn.lastSeenAt = this.now();
    conn.pingSentAt = null;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (size > MAX_CLIENT_FRAME_BYTES) {
      conn.close(CloseCode.messageRejected, `Message exceeds ${MAX_CLIENT_FRAME_BYTES} bytes.`);
      return;
    }
    // Frames that are not Pusher messages at all end the connection (docs/architecture.md "The local fleet service"); pusher-js never sends them.
    const reject = (message: string): void => conn.close(CloseCode.messageRejected, message);
    if (isBinary) return reject('Binary frames are not supported.');
    let raw: unknown;
    try {
      raw = JSON.parse(toBuffer(data).toString('utf8'));
    } catch {
      return reject('Message is not JSON.');
    }
    const frame = clientFrameSchema.safeParse(raw);
    if (!frame.success) return reject('Message must be an object with a string event.');
    const { event } = frame.data;
    if (event === PusherEvent.ping) return conn.send(PusherEvent.pong, {});
    if (event === PusherEvent.pong) return;
    if (event === PusherEvent.subscribe) return this.subscribe(conn, frame.data.data);
    if (event === PusherEvent.unsubscribe) return this.unsubscribe(conn, frame.data.data);
    if (event.startsWith('client-')) return this.protocolError(conn, 'Client events are not enabled.');
    this.protocolError(conn, `Unsupported event: ${event.slice(0, 60)}`);
  }

  private subscribe(conn: PusherConnection, data: unknown): void {
    const parsed = subscribeDataSchema.safeParse(data);
    if (!parsed.success) return this.protocolError(conn, 'pusher:subscribe needs data.channel.');
    const { channel, auth, channel_data: channelData } = parsed.data;
    const refuse = (type: string, error: string, status: number): void =>
      conn.send(PusherEvent.subscriptionError, JSON.stringify({ type, error, status }), channel);
    if (!channel.startsWith('private-') || channel.startsWith('private-encrypted-')) {
      return refuse('UnsupportedChannel', 'Only private channels are served.', 403);
    }
    if (
      auth === undefined ||
      !verifyChannelSignature(
        auth,
        this.opts.appKey,
        this.opts.appSecret,
        conn.socketId,
        channel,
        channelData,
      )
    ) {
      // Spec 6 / docs/architecture.md "The local fleet service": a bad signature is refused with the protocol's 4009, not just ignored.
      refuse('AuthError', 'Invalid signature.', 401);
      conn.close(CloseCode.unauthorized, `Invalid signature for ${channel}.`);
      return;
    }
    const filter = decodeAssetFilter(channelData);
    if (filter === undefined) return refuse('AuthError', 'Unreadable channel_data.', 400);
    if (!conn.subscriptions.has(channel) && conn.subscriptions.size >= MAX_CHANNELS_PER_CONNECTION) {
      return refuse('LimitReached', `At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection.`, 429);
    }
    conn.subscriptions.set(channel, filter === null ? null : { key: assetFilterKey(filter), ids: filter });
    let subs = this.channels.get(channel);
    if (!subs) this.channels.set(channel, (subs = new Set()));
    subs.add(conn);
    conn.send(PusherEvent.subscriptionSucceeded, '{}', channel);
  }

  private unsubscribe(conn: PusherConnection, data: unknown): void {
    const parsed = unsubscribeDataSchema.safeParse(data);
    if (!parsed.success) return this.protocolError(conn, 'pusher:unsubscribe needs data.channel.');
    this.leave(conn, parsed.data.channel);
  }

  private leave(conn: PusherConnection, channel: string): void {
    conn.subscriptions.delete(channel);
    const subs = this.channels.get(channel);
    if (!subs) return;
    subs.delete(conn);
    if (subs.size === 0) this.channels.delete(channel);
  }

  private drop(conn: PusherConnection): void {
    for (const channel of [...conn.subscriptions.keys()]) this.leave(conn, channel);
    this.connections.delete(conn);
  }

  /** Errors that leave the connection open carry code null, as Pusher's own do. */
  private protocolError(conn: PusherConnection, message: string): void {
    conn.sendFrame(encodeError(null, message), false);
  }

  /** Protocol: ping a silent client after the activity timeout; close with 4201 if no pong follows. */
  private checkActivity(): void {
    const now = this.now();
    for (const conn of this.connections) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt > this.pongTimeoutMs) {
          conn.close(CloseCode.pongNotReceived, 'Pong reply not received.');
        }
      } else if (now - conn.lastSeenAt > this.activityTimeoutMs) {
        conn.pingSentAt = now;
        conn.send(PusherEvent.ping, {});
      }
    }
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
