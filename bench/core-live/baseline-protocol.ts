import { z } from 'zod';

/** What the live bench and its baseline process (baseline-process.ts) say to each other; each side parses. */
export const baselineArgsSchema = z.object({
  app_key: z.string(),
  api_url: z.string(),
  api_ws_url: z.string(),
  account_key: z.string(),
  token: z.string(),
});
export type BaselineArgs = z.infer<typeof baselineArgsSchema>;

export const baselineRequestSchema = z.object({ kind: z.enum(['start', 'window', 'stop']) });

export const baselineWindowSchema = z.object({
  kind: z.literal('window'),
  cpuPct: z.number(),
  messagesPerS: z.number(),
  positionsPerS: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  heapBytes: z.number(),
});

export const baselineMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  baselineWindowSchema,
]);
export type BaselineMessage = z.infer<typeof baselineMessageSchema>;
