import { z } from 'zod';

/**
 * Spec 6.1's event names as they travel on the wire: what Laravel's
 * `broadcastAs()` names them. The spec's leading dot (".report.completed") is
 * Laravel Echo's convention for binding: `.listen('.report.completed')` means
 * "this exact name, without the App.Events namespace", and Echo binds
 * `report.completed` (docs/interface-decisions.md, "Live positions").
 */
export const REPORT_EVENTS = {
  queued: 'report.queued',
  processing: 'report.processing',
  completed: 'report.completed',
  failed: 'report.failed',
} as const;

export const reportsChannelName = (accountName: string, userId: number): string =>
  `private-reports.${accountName}.user.${userId}`;

const assetInfoSchema = z.object({ id: z.int(), name: z.string() });

/** Spec 6.1 .report.completed (report.completed on the wire). */
export const reportCompletedEventSchema = z.object({
  report_id: z.string(),
  status: z.literal('completed'),
  type: z.string(),
  format: z.string(),
  title: z.string(),
  file_url: z.string().nullish(),
  file_size: z.int().nonnegative().nullish(),
  processing_time_ms: z.int().nonnegative().nullish(),
  started_at: z.string().nullish(),
  completed_at: z.string().nullish(),
  asset_info: assetInfoSchema.nullish(),
  served_from_cache: z.boolean().default(false),
});
export type ReportCompletedEvent = z.infer<typeof reportCompletedEventSchema>;

/** Spec 6.1 .report.failed (report.failed on the wire). */
export const reportFailedEventSchema = z.object({
  report_id: z.string(),
  status: z.literal('failed'),
  type: z.string(),
  format: z.string(),
  error_message: z.string(),
  asset_info: assetInfoSchema.nullish(),
});
export type ReportFailedEvent = z.infer<typeof reportFailedEventSchema>;

/** Spec 6.1 leaves .report.queued open; ours mirrors the 201 response's queue data. */
export const reportQueuedEventSchema = z.object({
  report_id: z.string(),
  status: z.literal('queued'),
  type: z.string(),
  format: z.string(),
  queue_position: z.int().nonnegative().nullish(),
  queue_name: z.string().nullish(),
  estimated_completion: z.string().nullish(),
});
export type ReportQueuedEvent = z.infer<typeof reportQueuedEventSchema>;

/** Spec 6.1 leaves .report.processing open; ours carries progress. */
export const reportProcessingEventSchema = z.object({
  report_id: z.string(),
  status: z.literal('processing'),
  type: z.string(),
  format: z.string(),
  progress: z.number().min(0).max(100).nullish(),
  started_at: z.string().nullish(),
});
export type ReportProcessingEvent = z.infer<typeof reportProcessingEventSchema>;
