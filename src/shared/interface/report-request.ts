import { z } from 'zod';
import { inclusiveDays, parseCalendarDate } from './dates';
import { REPORT_CATALOGUE, reportFormatSchema, reportPrioritySchema, reportTypeSchema } from './report-types';

const positiveId = z.int().positive();
const calendarDate = z
  .string()
  .refine((s) => parseCalendarDate(s) !== null, { message: 'must be a date in the form YYYY-MM-DD' });

/** Spec 2.1, field by field. Cross-field rules live in {@link reportRequestSchema}. */
export const reportRequestFieldsSchema = z.object({
  type: reportTypeSchema,
  format: reportFormatSchema,
  asset_id: positiveId.optional(),
  asset_ids: z.array(positiveId).min(1).max(500).optional(),
  beacon_id: positiveId.optional(),
  driver_id: positiveId.optional(),
  date_from: calendarDate,
  date_to: calendarDate,
  account_name: z.string().min(1).max(200).optional(),
  title: z.string().trim().min(1).max(200).optional(),
  priority: reportPrioritySchema.default('standard'),
});

/**
 * Spec 2.1 + 2.5 with the cross-field rules: date order, the per-type maximum
 * range (inclusive day count), and the identifier each type needs.
 * Issues carry the offending field as path[0] so they map onto spec 7's
 * `errors` object.
 */
export const reportRequestSchema = reportRequestFieldsSchema.superRefine((req, ctx) => {
  const from = parseCalendarDate(req.date_from);
  const to = parseCalendarDate(req.date_to);
  const info = REPORT_CATALOGUE[req.type];
  if (from !== null && to !== null) {
    if (from > to) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'must be on or after date_from' });
    } else if (inclusiveDays(from, to) > info.maxRangeDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: `the date range of a ${req.type} report may not exceed ${info.maxRangeDays} days`,
      });
    }
  }
  const need = (field: string, message: string): void => {
    ctx.addIssue({ code: 'custom', path: [field], message });
  };
  switch (info.subject) {
    case 'asset':
      if (req.asset_id === undefined) need('asset_id', `is required for ${req.type} reports`);
      break;
    case 'asset_or_driver':
      if (req.asset_id === undefined && req.driver_id === undefined)
        need('asset_id', `asset_id or driver_id is required for ${req.type} reports`);
      break;
    case 'asset_or_beacon':
      if (req.asset_id === undefined && req.beacon_id === undefined)
        need('asset_id', `asset_id or beacon_id is required for ${req.type} reports`);
      break;
    case 'beacon':
      if (req.beacon_id === undefined) need('beacon_id', `is required for ${req.type} reports`);
      break;
    case 'assets':
      if (req.asset_id === undefined && req.asset_ids === undefined)
        need('asset_ids', `asset_ids (or asset_id) is required for ${req.type} reports`);
      break;
  }
});

export type ReportRequestInput = z.input<typeof reportRequestSchema>;
export type ReportRequest = z.output<typeof reportRequestSchema>;

/**
 * Spec 2.2's "identical report": the same user-visible parameters. Priority
 * only changes when a report runs and account_name only routes events, so
 * neither is part of the key (docs/interface-decisions.md "Reports
 * lifecycle"). The service keys its cache by it; the app finds a twin of a
 * report it already has by it.
 */
export function identicalRequestKey(req: ReportRequestInput): string {
  return JSON.stringify([
    req.type,
    req.format,
    req.asset_id ?? null,
    req.asset_ids ?? null,
    req.beacon_id ?? null,
    req.driver_id ?? null,
    req.date_from,
    req.date_to,
    req.title ?? null,
  ]);
}
