import type { z } from 'zod';

/** Why a WebSocket payload was refused, for the log line that drops it: the first issue and where. */
export function payloadIssue(error: z.ZodError): string {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
  return `${first?.message ?? 'invalid'}${where}`;
}
