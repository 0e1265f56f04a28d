import type { WebSocket } from 'ws';
import { CloseCode, encodeError, encodeFrame } from './pusher-protocol';

/**
 * Backpressure (docs/architecture.md "The local fleet service"): a client that stops reading must not grow the
 * service's memory. Past SOFT_LIMIT queued bytes, droppable frames (live
 * positions: the next tick carries every position again) are skipped for
 * that client; past HARD_LIMIT the connection is closed with 4100 (pusher-js
 * reconnects with backoff and the desktop core reconciles over REST).
 */
export const SOFT_LIMIT_BYTES = 8 * 1024 * 1024;
export const HARD_LIMIT_BYTES = 64 * 1024 * 1024;

export interface BufferLimits {
  readonly softBytes: number;
  readonly hardBytes: number;
}

export const DEFAULT_BUFFER_LIMITS: BufferLimits = {
  softBytes: SOFT_LIMIT_BYTES,
  hardBytes: HARD_LIMIT_BYTES,
};

export interface SubscriptionFilter {
  readonly key: string;
  readonly ids: readonly number[];
}

export class PusherConnection {
  lastSeenAt: number;
  pingSentAt: number | null = null;
  /** channel → the subscriber's asset filter (null: every asset). */
  readonly subscriptions = new Map<string, SubscriptionFilter | null>();
  droppedFrames = 0;
  /** Closed for falling HARD_LIMIT behind; `reported` once the server has logged it. */
  overCapacity = false;
  reported = false;
  private closed = false;

  constructor(
    readonly socketId: string,
    readonly ws: WebSocket,
    now: number,
    private readonly limits: BufferLimits = DEFAULT_BUFFER_LIMITS,
  ) {
    this.lastSeenAt = now;
  }

  get isOpen(): boolean {
    return !this.closed && this.ws.readyState === this.ws.OPEN;
  }

  /** Sends an already-encoded frame (the same Buffer goes to every subscriber). */
  sendFrame(frame: Buffer | string, droppable: boolean): boolean {
    if (!this.isOpen) return false;
    const queued = this.ws.bufferedAmount;
    if (queued > this.limits.hardBytes) {
      this.overCapacity = true;
      this.close(CloseCode.overCapacity, 'Client too slow: too many undelivered messages.');
      return false;
    }
    if (droppable && queued > this.limits.softBytes) {
      this.droppedFrames++;
      return false;
    }
    this.ws.send(frame, { binary: false });
    return true;
  }

  send(event: string, data: unknown, channel?: string): void {
    this.sendFrame(encodeFrame(event, data, channel), false);
  }

  /** The protocol's way out: pusher:error with the code, then the close frame with the same code. */
  close(code: number, message: string): void {
    if (this.closed) return;
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeError(code, message));
    this.closed = true;
    try {
      // RFC 6455 caps a close reason at 123 bytes, and ws throws past it; ASCII keeps bytes = characters.
      this.ws.close(code, message.replace(/[^\x20-\x7e]/g, '?').slice(0, 123));
    } catch {
      this.ws.terminate();
    }
    // A peer that never answers the close handshake must not hold the socket.
    setTimeout(() => this.ws.terminate(), 2_000).unref();
  }
}
