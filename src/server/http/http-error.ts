import type { z } from 'zod';
import { issuesToFieldErrors } from '../../shared/interface';

/** An error with the exact spec 7 body to send. Thrown by handlers, sent by the app's error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
  }
}

export const badRequest = (message: string, errors: Record<string, string[]>): HttpError =>
  new HttpError(400, { status: 'error', message, errors });

/** Spec 7's 401 body, with RFC 6750 §3's challenge (see bearer-challenge.ts). */
export const unauthorized = (challenge: string): HttpError =>
  new HttpError(401, { message: 'Unauthenticated.' }, { 'WWW-Authenticate': challenge });

export const forbidden = (message = 'You do not have access to this asset.'): HttpError =>
  new HttpError(403, { status: 'error', message });

export const notFound = (message: string): HttpError => new HttpError(404, { status: 'error', message });

/** Parses `input` or throws spec 7's 400 with the `errors` object. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what = 'The given data was invalid.',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(what, issuesToFieldErrors(result.error.issues));
}
