import WebSocket from 'ws';
import { z } from 'zod';

const serverFrameSchema = z.object({ event: z.string(), channel: z.string().optional(), data: z.unknown() });

export type ServerFrame = z.infer<typeof serverFrameSchema>;

/**
 * A bare `ws` client for protocol-level tests: pusher-js would never send
 * the frames these tests send, nor expose the close codes it receives.
 */
export interface RawSocket {
  readonly ws: WebSocket;
  readonly frames: ServerFrame[];
  /** The next frame (from the start of the recording) matching `pred`. */
  waitFor(pred: (f: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  readonly closed: Promise<{ code: number; reason: string }>;
  sendJson(value: unknown): void;
}

export function openRawSocket(url: string): RawSocket {
  const ws = new WebSocket(url);
  const frames: ServerFrame[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    const parsed = serverFrameSchema.safeParse(JSON.parse(String(data)));
    if (parsed.success) frames.push(parsed.data);
    for (const l of [...listeners]) l();
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    ws,
    frames,
    closed,
    sendJson: (value) => ws.send(JSON.stringify(value)),
    waitFor(pred, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const hit = frames.find(pred);
          if (!hit) return false;
          listeners.delete(listener);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const listener = (): void => void check();
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) listeners.add(listener);
      });
    },
  };
}

/** The socket id of pusher:connection_established (its data is a JSON string, per the protocol). */
export async function establishedSocketId(sock: RawSocket): Promise<string> {
  const frame = await sock.waitFor((f) => f.event === 'pusher:connection_established');
  const data: unknown = JSON.parse(String(frame.data));
  if (typeof data !== 'object' || data === null || !('socket_id' in data)) throw new Error('no socket_id');
  return String(data.socket_id);
}

/** Calls an auth endpoint as pusher-js would (a form body). */
export async function requestAuth(
  endpoint: string,
  token: string,
  channel: string,
  socketId: string,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  });
  return { status: res.status, body: await res.json() };
}
