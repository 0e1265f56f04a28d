import { z } from 'zod';
import {
  cacheHitResponseSchema,
  downloadResponseSchema,
  jsonReportContentSchema,
  reportRequestSchema,
  reportStatusSchema,
  submissionResponseSchema,
  type CacheHitResponse,
  type DownloadResponse,
  type JsonReportContent,
  type ReportRequestInput,
  type ReportStatus,
  type SubmissionResponse,
} from '../../../shared/interface';
import { MIB } from './body-limit';
import type { HttpClient } from './http-client';
import { validateRequest } from './request-validation';

/**
 * Spec 2.3 says an integer; a vendor's 45.5 is still a progress. Any number
 * from 0 to 100 is read, rounded (docs/interface-decisions.md).
 */
const progress = z
  .number()
  .min(0)
  .max(100)
  .transform((n) => Math.round(n));
const statusSchema = reportStatusSchema.extend({ progress });
const cacheHitSchema = cacheHitResponseSchema.extend({ progress });

/**
 * A json report's content comes inline in its status (spec 2.3), in a cache
 * hit's answer (spec 2.2) and as its download (spec 2.4). The largest the
 * local service writes is a 30-day trail of its 10 s tracker: 259,200 rows,
 * 33 MiB. Four times that leaves room for a vendor's wider rows while the
 * parsed content (several times its text in objects) still fits main's heap.
 */
export const REPORT_CONTENT_MAX_BYTES = 128 * MIB;

export type GenerateResult =
  | { readonly kind: 'accepted'; readonly submission: SubmissionResponse }
  /** Spec 2.2 cache hit: HTTP 200, source = cache, already complete. */
  | { readonly kind: 'cached'; readonly status: CacheHitResponse };

/** Spec 4.1: the reporting service under {base_url}/api/v1. The reports client (queue, events) builds on it. */
export interface ReportsApi {
  generate(request: ReportRequestInput): Promise<GenerateResult>;
  status(reportId: string): Promise<ReportStatus>;
  /** Format json: the content itself (spec 2.4). */
  downloadJson(reportId: string): Promise<JsonReportContent>;
  /** pdf, excel, html: the pre-signed URL and the file's name and type (spec 2.4). */
  downloadLink(reportId: string): Promise<DownloadResponse>;
}

export function createReportsApi(http: HttpClient, baseUrl: string): ReportsApi {
  const base = `${baseUrl.replace(/\/+$/, '')}/api/v1/reports`;
  const id = (reportId: string): string => encodeURIComponent(reportId);
  return {
    async generate(request) {
      const route = 'POST /api/v1/reports/generate';
      const body = validateRequest(reportRequestSchema, request, route);
      const res = await http.send({
        method: 'POST',
        url: `${base}/generate`,
        route,
        body,
        maxBodyBytes: REPORT_CONTENT_MAX_BYTES,
      });
      return res.status === 200
        ? { kind: 'cached', status: http.parse(cacheHitSchema, res.body, route) }
        : { kind: 'accepted', submission: http.parse(submissionResponseSchema, res.body, route) };
    },
    async status(reportId) {
      const route = 'GET /api/v1/reports/{id}/status';
      const res = await http.send({
        method: 'GET',
        url: `${base}/${id(reportId)}/status`,
        route,
        maxBodyBytes: REPORT_CONTENT_MAX_BYTES,
      });
      return http.parse(statusSchema, res.body, route);
    },
    async downloadJson(reportId) {
      const route = 'GET /api/v1/reports/{id}/download';
      const res = await http.send({
        method: 'GET',
        url: `${base}/${id(reportId)}/download`,
        route,
        timeoutMs: 60_000,
        maxBodyBytes: REPORT_CONTENT_MAX_BYTES,
      });
      return http.parse(jsonReportContentSchema, res.body, route);
    },
    async downloadLink(reportId) {
      const route = 'GET /api/v1/reports/{id}/download';
      const res = await http.send({ method: 'GET', url: `${base}/${id(reportId)}/download`, route });
      return http.parse(downloadResponseSchema, res.body, route);
    },
  };
}
