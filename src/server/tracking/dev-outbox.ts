import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * The local service has no mail server (docs/architecture.md "Tracking pages"): verification mail is
 * appended to `outbox.jsonl` under the data directory, one JSON object a line,
 * and read back by tests and demos through GET /dev/outbox.
 */
export const outboxMessageSchema = z.object({
  id: z.string(),
  at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string(),
  code: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export interface DevOutbox {
  readonly file: string;
  send(message: Omit<OutboxMessage, 'id' | 'at'>, now: number): OutboxMessage;
  /** Messages to `to` (case-insensitive), oldest first; every message when `to` is undefined. */
  read(to?: string): OutboxMessage[];
}

export function createDevOutbox(dataDir: string): DevOutbox {
  const file = join(dataDir, 'outbox.jsonl');
  return {
    file,
    send(message, now) {
      const full: OutboxMessage = { id: randomUUID(), at: new Date(now).toISOString(), ...message };
      appendFileSync(file, JSON.stringify(full) + '\n', { mode: 0o600 });
      return full;
    },
    read(to) {
      if (!existsSync(file)) return [];
      const wanted = to?.toLowerCase();
      const out: OutboxMessage[] = [];
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          continue; // a torn last line after a crash: skip it, keep the rest readable
        }
        const parsed = outboxMessageSchema.safeParse(raw);
        if (parsed.success && (wanted === undefined || parsed.data.to.toLowerCase() === wanted)) {
          out.push(parsed.data);
        }
      }
      return out;
    },
  };
}
