import { z } from 'zod';

/**
 * The parts of the Pusher Channels protocol (version 7) the local service
 * speaks. https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol
 */

export const PROTOCOL_VERSION = 7;
/** Protocols 5 and 6 frame every event we use exactly as 7 does; older ones are gone from Pusher too. */
export const SUPPORTED_PROTOCOLS: readonly number[] = [5, 6, 7];

/** Seconds; Pusher's own value. pusher-js pings after min(this, its own 120 s) of silence. */
export const ACTIVITY_TIMEOUT_SEC = 120;
/** The protocol's recommended wait for a pong before closing with 4201. */
export const PONG_TIMEOUT_MS = 30_000;
/** Client-to-server frames above this are refused (Pusher's own limit on client messages is 10 KB). */
export const MAX_CLIENT_FRAME_BYTES = 10 * 1024;

/**
 * Close codes: 4000–4099 never reconnect unchanged, 4100–4199 reconnect
 * with backoff, 4200–4299 reconnect at once, 4300–4399 other errors.
 * pusher-js maps each range to its reconnect behaviour (protocol.ts getCloseAction).
 */
export const CloseCode = {
  applicationDoesNotExist: 4001,
  pathNotFound: 4005,
  invalidVersionFormat: 4006,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  unauthorized: 4009,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
  /**
   * Ours, in the "other errors" range (no reconnect in pusher-js): a frame above
   * MAX_CLIENT_FRAME_BYTES, a binary frame, or one that is not a JSON object with an event.
   */
  messageRejected: 4300,
} as const;

export const PusherEvent = {
  connectionEstablished: 'pusher:connection_established',
  error: 'pusher:error',
  ping: 'pusher:ping',
  pong: 'pusher:pong',
  subscribe: 'pusher:subscribe',
  unsubscribe: 'pusher:unsubscribe',
  subscriptionSucceeded: 'pusher_internal:subscription_succeeded',
  subscriptionError: 'pusher:subscription_error',
} as const;

/** Every client frame: a JSON object with a string event (data checked per event). */
export const clientFrameSchema = z.object({
  event: z.string().min(1).max(200),
  channel: z.string().max(200).optional(),
  data: z.unknown().optional(),
});

/** pusher-js sends `{auth, channel_data, channel}`; channel_data is undefined (absent) for private channels. */
export const subscribeDataSchema = z.object({
  channel: z.string().min(1).max(200),
  auth: z.string().max(300).optional(),
  channel_data: z.string().max(4096).optional(),
});

export const unsubscribeDataSchema = z.object({
  channel: z.string().min(1).max(200),
});

/** A server frame. `data` of a channel event is itself a JSON string, as pusher-js expects. */
export function encodeFrame(event: string, data: unknown, channel?: string): string {
  const frame: { event: string; channel?: string; data: unknown } = { event, data };
  if (channel !== undefined) frame.channel = channel;
  return JSON.stringify(frame);
}

/** One channel event, serialized once for every subscriber. */
export function encodeChannelEvent(channel: string, event: string, data: unknown): string {
  return JSON.stringify({ event, channel, data: JSON.stringify(data) });
}

/** pusher:error carries `{code, message}`; code null for errors that leave the connection open. */
export function encodeError(code: number | null, message: string): string {
  return encodeFrame(PusherEvent.error, { code, message });
}
