import type {
  FleetdeskBridge,
  IpcEvent,
  IpcEvents,
  IpcMethod,
  IpcReply,
  IpcResultValue,
} from '../shared/ipc/contract';
import {
  hostFrameSchema,
  PARCEL_TTL_MS,
  type HostFrame,
  type InvokeFrame,
} from '../shared/ipc/socket-frames';
import { decodeSocketFrame, encodeSocketFrame } from '../shared/ipc/socket-frame-codec';

/** What the bridge needs of a WebSocket (the browser's, or ws's in Node tests). */
export interface BridgeSocket {
  isOpen(): boolean;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(): void;
}
export interface BridgeSocketEvents {
  open(): void;
  close(): void;
  message(data: unknown): void;
}

/** What the host asks of the page besides replies and pushes. */
export type HostAction = Extract<HostFrame, { type: 'download' | 'open' | 'copy' }>;

export interface SocketBridgeOptions {
  readonly connect: (on: BridgeSocketEvents) => BridgeSocket;
  /**
   * Fetches a `parcel` frame's URL (a large reply the host hands over HTTP: reply-parcels.ts).
   * A page that passes it says so in its socket URL (PARCELS_QUERY_KEY); without it every reply
   * comes on the socket.
   */
  readonly fetchParcel?: (url: string, text: boolean, signal: AbortSignal) => Promise<string | ArrayBuffer>;
  /**
   * A parcel not fetched by then fails its call and lets the frames held behind it go on
   * (PARCEL_TTL_MS by default, as long as the host keeps one).
   */
  readonly parcelTimeoutMs?: number;
  readonly onHostAction?: (action: HostAction) => void;
  readonly onStatus?: (connected: boolean) => void;
  readonly retryMs?: { readonly min: number; readonly max: number };
}

export interface SocketBridge extends FleetdeskBridge {
  close(): void;
}

/** State the renderer holds from pushes, fetched again after a reconnect (pushes sent meanwhile are gone). */
const RESYNC: readonly { method: IpcMethod; event: IpcEvent }[] = [
  { method: 'session.get', event: 'session.changed' },
  { method: 'connection.get', event: 'connection.changed' },
  { method: 'settings.get', event: 'settings.changed' },
  { method: 'fleet.snapshot', event: 'fleet.changed' },
  { method: 'links.list', event: 'links.changed' },
];

/**
 * FleetdeskBridge over the browser shell's WebSocket: request ids matched to
 * replies, pushes to listeners, reconnect with backoff. Calls made while the
 * socket is down wait for it; calls in flight when it drops resolve as
 * `offline` (the host may or may not have run them). After a reconnect the
 * page is made ready again and its state re-fetched.
 */
export function createSocketBridge(options: SocketBridgeOptions): SocketBridge {
  const retry = options.retryMs ?? { min: 250, max: 5_000 };
  // Keyed by the name a push frame carries: an event this page does not know has no listeners.
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, (reply: IpcReply<unknown>) => void>();
  const waiting: (string | Uint8Array<ArrayBuffer>)[] = [];
  let nextId = 1;
  let socket: BridgeSocket | null = null;
  let closed = false;
  let delay = retry.min;
  let wasReady = false;
  let everOpened = false;

  const emit = (event: string, payload: unknown): void => {
    for (const listener of listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        console.error(`fleetdesk: a ${event} listener threw`, err);
      }
    }
  };

  const settle = (id: number, reply: IpcReply<unknown>): void => {
    const resolve = pending.get(id);
    pending.delete(id);
    resolve?.(reply);
  };

  /**
   * Frames that came after a parcel wait for it, so the page sees them in the host's order as on
   * the socket (a fleet snapshot must not land after the live batches sent behind it).
   */
  let behindParcel: unknown[] | null = null;
  const onMessage = (raw: unknown): void => {
    if (behindParcel) behindParcel.push(raw);
    else onFrame(raw);
  };
  const unpackParcel = (parcel: Extract<HostFrame, { type: 'parcel' }>): void => {
    const fetchParcel = options.fetchParcel;
    const fail = (why: unknown): void => {
      console.warn(`fleetdesk: the reply at ${parcel.url} could not be fetched`, why);
      settle(parcel.id, {
        ok: false,
        error: { code: 'offline', message: 'The reply from the Fleetdesk host could not be fetched.' },
      });
    };
    if (!fetchParcel) return fail(new Error('this page does not fetch parcels'));
    behindParcel = [];
    fetchParcel(parcel.url, parcel.text, AbortSignal.timeout(options.parcelTimeoutMs ?? PARCEL_TTL_MS))
      .then((data) => {
        if (onFrame(data, parcel.id) !== 'reply') fail(new Error('it was not the reply to its call'));
      }, fail)
      .finally(() => {
        const rest = behindParcel ?? [];
        behindParcel = null;
        for (const raw of rest) onMessage(raw);
      });
  };

  /** What the frame was, or null when dropped; `parcelOf` is the call a parcel's content must answer. */
  const onFrame = (raw: unknown, parcelOf?: number): HostFrame['type'] | null => {
    let json: unknown;
    try {
      json = decodeSocketFrame(raw);
    } catch (err) {
      console.warn('fleetdesk: dropped a frame from the host that could not be read', err);
      return null;
    }
    // The host is ours, but every byte off a socket is still checked before use (architecture.md §3).
    const parsed = hostFrameSchema.safeParse(json);
    if (!parsed.success) {
      console.warn('fleetdesk: dropped a frame from the host that is not a host frame', parsed.error.issues);
      return null;
    }
    const frame = parsed.data;
    // A parcel holds the one reply it was announced as, nothing else.
    if (parcelOf !== undefined && (frame.type !== 'reply' || frame.id !== parcelOf)) return null;
    switch (frame.type) {
      case 'reply':
        settle(frame.id, frame.reply);
        break;
      case 'parcel':
        unpackParcel(frame);
        break;
      case 'push':
        emit(frame.event, frame.payload);
        break;
      case 'download':
      case 'open':
      case 'copy':
        options.onHostAction?.(frame);
        break;
      case 'error':
        console.warn(`fleetdesk host: ${frame.message}`);
    }
    return frame.type;
  };

  const resync = async (): Promise<void> => {
    await call('app.ready', undefined);
    for (const { method, event } of RESYNC) {
      const reply = await call(method, undefined);
      if (reply.ok) emit(event, reply.value);
    }
    const reports = await call('reports.list', undefined);
    if (reports.ok && Array.isArray(reports.value)) for (const r of reports.value) emit('reports.changed', r);
  };

  const open = (): void => {
    if (closed) return;
    const ws: BridgeSocket = options.connect({
      open() {
        delay = retry.min;
        options.onStatus?.(true);
        for (const data of waiting.splice(0)) ws.send(data);
        if (everOpened && wasReady) void resync();
        everOpened = true;
      },
      message: onMessage,
      close() {
        if (socket !== ws) return;
        socket = null;
        options.onStatus?.(false);
        const lost: IpcReply<never> = {
          ok: false,
          error: { code: 'offline', message: 'The connection to the Fleetdesk host was lost.' },
        };
        for (const resolve of pending.values()) resolve(lost);
        pending.clear();
        if (closed) return;
        setTimeout(open, delay);
        delay = Math.min(delay * 2, retry.max);
      },
    });
    socket = ws;
  };

  function call(method: IpcMethod, args: unknown): Promise<IpcReply<unknown>> {
    if (closed)
      return Promise.resolve({ ok: false, error: { code: 'offline', message: 'The bridge is closed.' } });
    const id = nextId++;
    const frame: InvokeFrame =
      args === undefined ? { type: 'invoke', id, method } : { type: 'invoke', id, method, args };
    const data = encodeSocketFrame(frame);
    return new Promise((resolve) => {
      pending.set(id, resolve);
      if (socket?.isOpen()) socket.send(data);
      else waiting.push(data);
    });
  }

  open();

  return {
    invoke<M extends IpcMethod>(method: M, args?: unknown) {
      if (method === 'app.ready') wasReady = true;
      // The reply was produced by the host for this very method.
      return call(method, args) as Promise<IpcReply<IpcResultValue<M>>>;
    },
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = (payload: unknown): void => listener(payload as IpcEvents[E]);
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
