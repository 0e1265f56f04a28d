import { ZodError } from 'zod';
import { issuesToFieldErrors } from '../../shared/interface';
import type { IpcError, IpcErrorCode } from '../../shared/ipc/contract';
import { ApiError, type ApiErrorKind } from './api/api-error';
import { RefusedUrlError } from './app/external-url-policy';
import { CoreError } from './core-error';
import { LocalReportError, type LocalReportErrorKind } from './reports/local-report-error';
import { SignInError, type SignInErrorKind } from './session/sign-in-error';

const API_CODES: Readonly<Record<ApiErrorKind, IpcErrorCode>> = {
  validation: 'invalid_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  rate_limited: 'rate_limited',
  unavailable: 'unavailable',
  http: 'internal',
  offline: 'offline',
  timeout: 'timeout',
  cancelled: 'cancelled',
  bad_response: 'bad_response',
};

const LOCAL_REPORT_CODES: Readonly<Record<LocalReportErrorKind, IpcErrorCode>> = {
  not_found: 'not_found',
  conflict: 'conflict',
  not_signed_in: 'unauthorized',
  content_unavailable: 'bad_response',
};

const SIGN_IN_CODES: Readonly<Record<SignInErrorKind, IpcErrorCode>> = {
  invalid: 'invalid_request',
  refused: 'unauthorized',
  unsupported: 'sign_in_unsupported',
  cancelled: 'cancelled',
  bad_service: 'bad_response',
};

/** An ApiError as the renderer sees it: the code, the server's message, its field errors. */
export function ipcErrorOf(err: ApiError): IpcError {
  return err.errors
    ? { code: API_CODES[err.kind], message: err.message, details: err.errors }
    : { code: API_CODES[err.kind], message: err.message };
}

/** What a shell sends back when a core handler throws (contract.ts IpcError). */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof ApiError) return ipcErrorOf(err);
  if (err instanceof CoreError)
    return err.details
      ? { code: err.code, message: err.message, details: err.details }
      : { code: err.code, message: err.message };
  if (err instanceof LocalReportError) return { code: LOCAL_REPORT_CODES[err.kind], message: err.message };
  if (err instanceof RefusedUrlError)
    return { code: 'invalid_request', message: err.message, details: { url: [err.problem] } };
  if (err instanceof SignInError)
    return err.errors
      ? { code: SIGN_IN_CODES[err.kind], message: err.message, details: err.errors }
      : { code: SIGN_IN_CODES[err.kind], message: err.message };
  if (err instanceof ZodError)
    return {
      code: 'bad_args',
      message: 'The request is not valid.',
      details: issuesToFieldErrors(err.issues),
    };
  return { code: 'internal', message: err instanceof Error ? err.message : 'Something went wrong.' };
}
