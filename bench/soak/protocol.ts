import { z } from 'zod';

/**
 * What the soak bench's processes say to each other: the local service's
 * ready line (docs/architecture.md "The local fleet service") and the core process' IPC messages. Every side
 * parses what it receives.
 */
export const readyLineSchema = z.object({
  event: z.literal('ready'),
  base_url: z.string(),
  ws_url: z.string(),
  api_url: z.string(),
  api_ws_url: z.string(),
  tracking_url: z.string(),
  app_key: z.string(),
  account_key: z.string(),
  users: z
    .array(
      z.object({
        id: z.int(),
        name: z.string(),
        token: z.string(),
        username: z.string(),
        password: z.string(),
        asset_ids: z.array(z.int()).nullable(),
      }),
    )
    .min(1),
});
export type ReadyLine = z.infer<typeof readyLineSchema>;

/** The core process' start arguments, one JSON argument. */
export const coreProcessArgsSchema = z.object({
  service: readyLineSchema,
  rendererDir: z.string(),
});
export type CoreProcessArgs = z.infer<typeof coreProcessArgsSchema>;

export const coreRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sample') }),
  z.object({ kind: z.literal('stop') }),
]);
export type CoreRequest = z.infer<typeof coreRequestSchema>;

export const coreSampleSchema = z.object({
  kind: z.literal('sample'),
  heapUsed: z.number(),
  rss: z.number(),
  /** /proc/self/status on Linux: anonymous memory vs. file-backed pages (SQLite's memory-mapped cache file). */
  rssAnon: z.number().nullable(),
  rssFile: z.number().nullable(),
  /** The core's data folder on disk (the SQLite cache with its WAL). */
  cacheBytes: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
  /** Whether the heap figure was taken right after a full collection. */
  collected: z.boolean(),
  /** live.positions batches and positions the core pushed to the renderer since it started. */
  pushes: z.int(),
  positions: z.int(),
  cpuUserMs: z.number(),
  cpuSystemMs: z.number(),
  /** Service publish → push to the renderer, over the positions pushed since the previous sample. */
  latencyMeanMs: z.number().nullable(),
  latencyMaxMs: z.number().nullable(),
});
export type CoreSample = z.infer<typeof coreSampleSchema>;

export const coreMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), url: z.string() }),
  coreSampleSchema,
  z.object({ kind: z.literal('stopped') }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type CoreMessage = z.infer<typeof coreMessageSchema>;
