import { z } from 'zod';
import { reportFormatSchema, reportTypeSchema } from './report-types';

const isoTimestamp = z.iso.datetime({ offset: true });

/**
 * Spec 3 names completed and failed; queued and processing are our choice
 * (docs/interface-decisions.md). Clients accept any string and treat an
 * unknown one as still in progress.
 */
export const GENERATION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const generationStatusSchema = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** Spec 2.2: HTTP 201. */
export const submissionResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  report_id: z.uuid(),
  estimated_completion: isoTimestamp,
  estimated_time_ms: z.int().nonnegative(),
  queue_position: z.int().nonnegative(),
  queue_name: z.string(),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

/** Spec 2.3. Optional fields are present only in the states where they mean something. */
export const reportStatusSchema = z.object({
  status: z.literal('success'),
  report_id: z.uuid(),
  generation_status: z.string(),
  /** Spec 2.3: an integer, 100 when completed. */
  progress: z.int().min(0).max(100),
  type: reportTypeSchema.or(z.string()),
  format: reportFormatSchema.or(z.string()),
  title: z.string().optional(),
  file_url: z.string().nullish(),
  file_size: z.int().nonnegative().nullish(),
  file_size_human: z.string().nullish(),
  processing_time_ms: z.int().nonnegative().nullish(),
  created_at: isoTimestamp,
  started_at: isoTimestamp.nullish(),
  completed_at: isoTimestamp.nullish(),
  error_message: z.string().nullish(),
  queue_position: z.int().nonnegative().nullish(),
  /** Spec 2.3 leaves the name of the inline json field open; ours is `data` (docs/interface-decisions.md). */
  data: z.unknown().optional(),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** Spec 2.2 "Cache hit": HTTP 200, source = cache, the report already complete. */
export const cacheHitResponseSchema = reportStatusSchema.extend({
  source: z.literal('cache'),
  message: z.string().optional(),
});
export type CacheHitResponse = z.infer<typeof cacheHitResponseSchema>;

/** Spec 2.4: pdf, excel, html. */
export const downloadResponseSchema = z.object({
  status: z.literal('success'),
  download_url: z.string(),
  file_size: z.int().nonnegative(),
  file_size_human: z.string(),
  content_type: z.string(),
  filename: z.string(),
  expires_in_hours: z.number(),
  expires_at: isoTimestamp,
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;

const jsonReportColumnSchema = z.object({ key: z.string(), label: z.string(), unit: z.string().optional() });

/** A report's further tables (driver_score per day, obd_data readings, …) in json content. */
export const jsonReportTableSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(jsonReportColumnSchema),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type JsonReportTable = z.infer<typeof jsonReportTableSchema>;

/**
 * Spec 2.5 leaves json content open; ours: the report's summary and its rows.
 * `columns`/`rows` carry the report's main table; reports with more than one
 * table carry the others in `tables` (docs/interface-decisions.md).
 */
export const jsonReportContentSchema = z.object({
  report_id: z.string().optional(),
  type: z.string(),
  title: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  generated_at: z.string(),
  assets: z.array(z.object({ id: z.int(), name: z.string() })).optional(),
  summary: z.record(z.string(), z.unknown()),
  columns: z.array(jsonReportColumnSchema),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** The title of the main table, e.g. "Positions". */
  table_title: z.string().optional(),
  tables: z.array(jsonReportTableSchema).optional(),
});
export type JsonReportContent = z.infer<typeof jsonReportContentSchema>;
