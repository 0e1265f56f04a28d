import { z } from 'zod';
import {
  broadcastingAuthRequestSchema,
  broadcastingAuthResponseSchema,
  cacheHitResponseSchema,
  downloadResponseSchema,
  errorBodySchema,
  CONTENT_TYPES,
  LOCATION_UPDATED_EVENT,
  REPORT_EVENTS,
  jsonReportContentSchema,
  notReadyBodySchema,
  reportRequestSchema,
  reportStatusSchema,
  submissionResponseSchema,
} from '../../shared/interface';
import type { RouteDoc } from '../http/route-doc';
import { SIGNED_FILE_PATH, signedFileQuerySchema } from '../reports/signed-url';

const reportParams = z.object({ id: z.uuid() });
const REPORT_FILE_TYPES = [...new Set(Object.values(CONTENT_TYPES))];

/**
 * Spec 4.1 (the reporting interface), spec 2.4's pre-signed file address and
 * the two broadcasting auth routes (spec 4.1, 4.2), as the portal documents them. Their handlers live in
 * reports/ and realtime/; the schemas are the same ones those handlers parse with.
 */
export const REPORTING_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'POST',
    url: '/api/v1/reports/generate',
    tag: 'Reports',
    summary: 'Submit a report request (spec 2.1, 2.2)',
    description:
      'Queued and generated in the background; notified on private-reports.<account>.user.<id> (spec 6.1). ' +
      'A report holds only what happened on assets its user may access: every asset_id, asset_ids entry and ' +
      'driver_id’s asset is checked (403), and beacon reports by beacon_id keep only the detections made by ' +
      'the user’s assets (nothing left: the report fails with “No detections …”). date_from is not before ' +
      '2000-01-01 (400 on date_from).',
    auth: 'bearer',
    assetAccess: true,
    body: reportRequestSchema,
    responses: {
      201: { description: 'Queued', schema: submissionResponseSchema },
      200: {
        description: 'An identical report was recently generated (source = cache)',
        schema: cacheHitResponseSchema,
      },
      429: {
        description: 'Too many report requests (spec 8: 3 concurrent per user)',
        schema: errorBodySchema,
      },
      503: { description: 'Queue overloaded (degraded mode): retry in 30 seconds', schema: errorBodySchema },
    },
  },
  {
    method: 'GET',
    url: '/api/v1/reports/:id/status',
    tag: 'Reports',
    summary: 'Status of a report: the polling fallback (spec 2.3)',
    auth: 'bearer',
    params: reportParams,
    responses: {
      200: {
        description: 'The report’s state; json reports carry their data inline',
        schema: reportStatusSchema,
      },
    },
  },
  {
    method: 'GET',
    url: '/api/v1/reports/:id/download',
    tag: 'Reports',
    summary: 'Download a completed report (spec 2.4)',
    description: 'pdf, excel and html: a pre-signed URL valid 1 hour. json: the content itself.',
    auth: 'bearer',
    params: reportParams,
    responses: {
      200: {
        description: 'Pre-signed download (pdf, excel, html) or the JSON content (json)',
        schema: z.union([downloadResponseSchema, jsonReportContentSchema]),
      },
      409: {
        description:
          'Not completed yet (queued, processing), or failed: it has no file (error_message says why)',
        schema: notReadyBodySchema,
      },
      410: {
        description: 'Completed, but its file is no longer kept: generate it again',
        schema: errorBodySchema,
      },
    },
  },
  {
    method: 'GET',
    url: `${SIGNED_FILE_PATH}:id`,
    tag: 'Reports',
    summary: 'The report file, at the pre-signed address the download endpoint gives (spec 2.4)',
    description:
      'No token: the signature is the credential, valid 1 hour. Sent as an attachment with its file name, ' +
      'Content-Length and Cache-Control: private, no-store.',
    auth: 'none',
    params: z.object({ id: z.string().min(1).max(100) }),
    query: signedFileQuerySchema,
    responses: {
      200: { description: 'The file', contentType: REPORT_FILE_TYPES },
      403: { description: 'Not signed, signature invalid, or expired', schema: errorBodySchema },
      404: { description: 'The report or its file is no longer available', schema: errorBodySchema },
    },
  },
  ...(['/api/broadcasting/auth', '/broadcasting/auth'] as const).map((url): RouteDoc => ({
    method: 'POST',
    url,
    tag: 'Live channels',
    summary:
      url === '/broadcasting/auth'
        ? 'Authorize a private live-position channel (spec 4.2, 6.2)'
        : 'Authorize a private report channel (spec 4.1, 6.1)',
    description:
      'JSON or form body, as pusher-js sends it. A user may subscribe only to their own channels. Events are ' +
      `named as Laravel's broadcastAs() names them: ${[...Object.values(REPORT_EVENTS), LOCATION_UPDATED_EVENT].join(', ')} ` +
      "(Laravel Echo: .listen('.report.completed')).",
    auth: 'bearer',
    body: broadcastingAuthRequestSchema,
    responses: {
      200: { description: 'The channel signature', schema: broadcastingAuthResponseSchema },
      403: {
        description: "Not one of the user's channels (their reports channel, the account's live channel)",
        schema: errorBodySchema,
      },
    },
  })),
];
