import type { IpcError, IpcErrorCode } from '../../../shared/ipc';

/** An IpcError lifted into a throwable, so stores can use try/catch and still read the code. */
export class ApiError extends Error {
  readonly code: IpcErrorCode;
  readonly details: Record<string, readonly string[]> | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.details = error.details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The call failed with `code` (a code of the contract: a misspelt one does not compile). */
export function hasErrorCode(value: unknown, code: IpcErrorCode): boolean {
  return value instanceof ApiError && value.code === code;
}
