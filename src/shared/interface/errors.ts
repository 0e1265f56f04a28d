import { z } from 'zod';

/** Spec 7, 400: validation failure. */
export const validationErrorBodySchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** Spec 7, 401: "message only". */
export const unauthorizedBodySchema = z.object({ message: z.string() });

/** Spec 7, 403 / 404 / 429 / 503 and our other errors: status = error, message. */
export const errorBodySchema = z.object({
  status: z.literal('error'),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Our choice for a download before completion (spec 7 leaves it open): 409 with the current state. */
export const notReadyBodySchema = errorBodySchema.extend({
  generation_status: z.string(),
  /** Present when generation_status is failed: why (spec 3). */
  error_message: z.string().optional(),
});

/**
 * What a client accepts as an error body from any service: every field
 * optional, so a real service that answers 401 with `{error: "..."}` or an
 * HTML page still yields a typed error instead of a parse failure.
 */
export const looseErrorBodySchema = z.looseObject({
  status: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
  generation_status: z.string().optional(),
});

/** Turns zod issues into spec 7's `errors` object: field name → messages. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}
