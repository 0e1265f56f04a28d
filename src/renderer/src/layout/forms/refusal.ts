import { isApiError } from '../../api';

/** A form's refusal: one line for the form, and each field's own message beside its FormField. */
export interface Refusal<F extends string> {
  readonly message: string;
  readonly fields: Partial<Record<F, string>>;
}

/**
 * What main or the service refused, laid out for a form. Spec 7's `errors`
 * are keyed by the body's field names; main's own check of the arguments
 * keys them by the argument's path (`body.name`, `request.date_to`), so the
 * path down to the body is dropped before matching a field.
 */
export function refusalOf<F extends string>(err: unknown, fields: readonly F[]): Refusal<F> {
  if (!isApiError(err)) return { message: err instanceof Error ? err.message : String(err), fields: {} };
  const out: Partial<Record<F, string>> = {};
  for (const [key, messages] of Object.entries(err.details ?? {})) {
    const name = key.replace(/^(body|request)\./, '');
    const field = fields.find((f) => f === name);
    if (field !== undefined && messages[0] !== undefined) out[field] ??= messages.join('; ');
  }
  return { message: err.message, fields: out };
}
