import type { z } from 'zod';
import { issuesToFieldErrors } from '../../../shared/interface';
import { ApiError } from './api-error';

/**
 * Checks a request body with the same shared schema the service uses, so an
 * invalid request fails here exactly as a 400 would (spec 7's `errors`
 * shape), without a round trip and while offline.
 */
export function validateRequest<S extends z.ZodType>(schema: S, value: unknown, route: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  return failValidation(parsed.error, route);
}

function failValidation(error: z.ZodError, route: string): never {
  throw new ApiError({
    kind: 'validation',
    route,
    message: 'The request is not valid.',
    errors: issuesToFieldErrors(error.issues),
    cause: error,
  });
}
