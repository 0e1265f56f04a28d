import type { IpcErrorCode } from '../../shared/ipc/contract';

/**
 * A refusal decided in the core itself (not a service answer), carrying the
 * contract's code: an edit while offline, a duplicate report, a file that is
 * not a photo. `details` are per field, as spec 7's `errors`.
 */
export class CoreError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly details: Record<string, string[]> | null = null,
  ) {
    super(message);
    this.name = 'CoreError';
  }
}

/** What a handler answers while its family is not implemented yet. */
export const notImplemented = (method: string): Promise<never> =>
  Promise.reject(new CoreError('unavailable', `${method} is not available in this version yet.`));
