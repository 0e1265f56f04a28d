import { z } from 'zod';
import { reportRequestSchema } from '../../shared/interface';

/**
 * Messages between the reports module and its worker threads. Both ends
 * parse what they receive: a worker is another JavaScript realm and a
 * crashed or confused one must not corrupt the queue.
 */
/** Files being written end so; whatever a killed worker left behind is removed at start. */
export const TEMP_SUFFIX = '.partial';

export const workerJobSchema = z.object({
  kind: z.literal('job'),
  reportId: z.string(),
  request: reportRequestSchema,
  /** The title the report was accepted with: the document prints it unchanged. */
  title: z.string(),
  fleet: z.object({ seed: z.number().int(), size: z.number().int().positive() }),
  /** The assets the requesting user may access (null: all); the report is built from that view of the fleet. */
  visibleAssetIds: z.array(z.number().int()).nullable(),
  generatedAt: z.number(),
  /** For a fuel report: the refills entered for its asset in the period (spec 4.3 fuel-entry). */
  enteredRefills: z
    .array(z.object({ t: z.number(), liters: z.number(), station: z.string().nullable() }))
    .optional(),
  /** Absolute directory and final file name; the worker writes a temp file and renames it. */
  dir: z.string(),
  fileName: z.string(),
});
export type WorkerJob = z.infer<typeof workerJobSchema>;

/** Sent once at spawn, so the first report does not pay for building the fleet. */
export const workerWarmSchema = z.object({
  kind: z.literal('warm'),
  fleet: z.object({ seed: z.number().int(), size: z.number().int().positive() }),
});

export const workerInboxSchema = z.discriminatedUnion('kind', [workerJobSchema, workerWarmSchema]);

export const workerReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('progress'), reportId: z.string(), fraction: z.number().min(0).max(1) }),
  z.object({
    kind: z.literal('done'),
    reportId: z.string(),
    fileSize: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('failed'),
    reportId: z.string(),
    message: z.string(),
    /** NoDataError: the request was fine, the range holds nothing (spec 3). */
    noData: z.boolean(),
  }),
]);
export type WorkerReply = z.infer<typeof workerReplySchema>;
