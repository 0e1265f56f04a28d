import type { IpcError } from '../../../shared/ipc';

/** An IpcError lifted into a throwable, so stores can use try/catch and still read the code. */
export class ApiError extends Error {
  readonly code: string;
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
