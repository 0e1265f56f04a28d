import type { z } from 'zod';

/** One message per field, in the form's words; `form` holds what belongs to no field of it. */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

const fmt = (n: number | bigint): string => Number(n).toLocaleString();

/** zod's own words ("Too small: expected number to be >0") are not an operator's. */
export function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : issue.message;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive
          ? `must be at least ${fmt(issue.minimum)}`
          : `must be more than ${fmt(issue.minimum)}`;
      return issue.message;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${fmt(issue.maximum)} characters`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive
          ? `must be at most ${fmt(issue.maximum)}`
          : `must be less than ${fmt(issue.maximum)}`;
      return issue.message;
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return 'enter a number';
      return 'required';
    case 'invalid_value':
      return 'choose one of the options';
    default:
      return issue.message;
  }
}

/**
 * Checks a form's values with the schema main and the service check the
 * request with (src/shared/interface), so what the form says before sending
 * is what the service would say after. Issues of fields the form does not
 * show go to `form`.
 */
export function checkWith<S extends z.ZodType, F extends string>(
  schema: S,
  values: unknown,
  fields: readonly F[],
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<F> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors<F> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = (fields as readonly string[]).includes(key) ? (key as F) : 'form';
    errors[field] ??= field === 'form' && key !== '' ? `${key}: ${issueText(issue)}` : issueText(issue);
  }
  return { ok: false, errors };
}

/** A number typed into a text field: empty is absent (undefined), anything else Number() of it (NaN if not one). */
export function numberOf(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  return t === '' ? undefined : Number(t);
}

/** Optional text: empty is absent. */
export const textOf = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
