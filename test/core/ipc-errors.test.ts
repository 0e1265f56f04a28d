import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../src/main/core/api/api-error';
import { RefusedUrlError } from '../../src/main/core/app/external-url-policy';
import { toIpcError } from '../../src/main/core/ipc-errors';
import { LocalReportError, type LocalReportErrorKind } from '../../src/main/core/reports/local-report-error';
import { SignInError } from '../../src/main/core/session/sign-in-error';

describe('errors as the renderer sees them', () => {
  const api: [ApiErrorKind, string][] = [
    ['validation', 'invalid_request'],
    ['unauthorized', 'unauthorized'],
    ['forbidden', 'forbidden'],
    ['not_found', 'not_found'],
    ['conflict', 'conflict'],
    ['rate_limited', 'rate_limited'],
    ['unavailable', 'unavailable'],
    ['http', 'internal'],
    ['offline', 'offline'],
    ['timeout', 'timeout'],
    ['cancelled', 'cancelled'],
    ['bad_response', 'bad_response'],
  ];
  it.each(api)('a service error of kind %s is %s', (kind, code) => {
    expect(toIpcError(new ApiError({ kind, route: 'r', message: 'm' }))).toEqual({ code, message: 'm' });
  });

  const local: [LocalReportErrorKind, string][] = [
    ['not_found', 'not_found'],
    ['conflict', 'conflict'],
    ['not_signed_in', 'unauthorized'],
    ['content_unavailable', 'bad_response'],
  ];
  it.each(local)('a local report refusal of kind %s is %s', (kind, code) => {
    expect(toIpcError(new LocalReportError(kind, 'm'))).toEqual({ code, message: 'm' });
  });

  it('keeps field errors: the service’s, a refused address’s, a sign-in’s and the arguments’', () => {
    const fields = { date_to: ['must be after date_from'] };
    expect(
      toIpcError(new ApiError({ kind: 'validation', route: 'r', message: 'm', errors: fields })),
    ).toEqual({
      code: 'invalid_request',
      message: 'm',
      details: fields,
    });
    expect(toIpcError(new RefusedUrlError('file:///x', 'file: addresses are not opened'))).toMatchObject({
      code: 'invalid_request',
      details: { url: ['file: addresses are not opened'] },
    });
    expect(toIpcError(new SignInError('invalid', 'bad', { token: ['too short'] }))).toMatchObject({
      code: 'invalid_request',
      details: { token: ['too short'] },
    });
    expect(toIpcError(new SignInError('refused', 'refused'))).toEqual({
      code: 'unauthorized',
      message: 'refused',
    });
    expect(toIpcError(new SignInError('unsupported', 'no OAuth here'))).toEqual({
      code: 'sign_in_unsupported',
      message: 'no OAuth here',
    });
    expect(toIpcError(new SignInError('cancelled', 'stopped'))).toEqual({
      code: 'cancelled',
      message: 'stopped',
    });
    const zod = z.object({ n: z.int() }).safeParse({ n: 'x' });
    expect(toIpcError(zod.error)).toMatchObject({ code: 'bad_args', details: { n: [expect.any(String)] } });
  });

  it('answers anything else as internal, with its message', () => {
    expect(toIpcError(new Error('boom'))).toEqual({ code: 'internal', message: 'boom' });
    expect(toIpcError('thrown string')).toEqual({ code: 'internal', message: 'Something went wrong.' });
  });
});
