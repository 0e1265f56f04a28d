import { AsyncLocalStorage } from 'node:async_hooks';
import type { HostFrame } from '../../shared/ipc/socket-frames';

/**
 * Which browser tab made the IPC call being handled. The core's
 * ShellServices have no notion of a caller; the browser shell needs one to
 * send "download this" or "open that" back to the tab that asked.
 */
export interface Caller {
  send(frame: HostFrame): void;
  /** Frames to send once the call's reply is ready (a download whose file is being copied now). */
  readonly afterReply: (() => void)[];
}

export const callerContext = new AsyncLocalStorage<Caller>();
