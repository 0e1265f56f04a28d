import { z } from 'zod';
import {
  broadcastingAuthRequestSchema,
  broadcastingAuthResponseSchema,
  cacheHitResponseSchema,
  downloadResponseSchema,
  errorBodySchema,
  jsonReportContentSchema,
  reportRequestSchema,
  reportStatusSchema,
  submissionResponseSchema,
} from '../../shared/interface';
import type { RouteDoc } from '../http/route-doc';

const reportParams = z.object({ id: z.uuid() });

/**
 * Spec 4.1 (the reporting interface) and the two broadcasting auth routes
 * (spec 4.1, 4.2), as the portal documents them. Their handlers live in
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
      'the user’s assets (nothing left: the report fails with “No detections …”).',
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
    description: 'JSON or form body, as pusher-js sends it. A user may subscribe only to their own channels.',
    auth: 'bearer',
    body: broadcastingAuthRequestSchema,
    responses: { 200: { description: 'The channel signature', schema: broadcastingAuthResponseSchema } },
  })),
  {
    method: 'GET',
    url: '/track/:uuid',
    tag: 'Tracking links',
    summary: 'The public tracking page of a link (spec 2.10)',
    auth: 'none',
    params: z.object({ uuid: z.uuid() }),
    responses: { 200: { description: 'The page', contentType: 'text/html' } },
  },
];
