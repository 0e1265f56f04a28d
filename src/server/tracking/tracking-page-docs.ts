import { z } from 'zod';
import { errorBodySchema, unauthorizedBodySchema } from '../../shared/interface';
import type { ResponseDoc, RouteDoc } from '../http/route-doc';
import { outboxMessageSchema } from './dev-outbox';
import { viewerSnapshotSchema } from './viewer-snapshot';

const uuidParams = z.object({ uuid: z.uuid() });

const VIEWER_ACCESS =
  'Public links need nothing. email and email_code links need the session cookie the page sets once the ' +
  'viewer has verified an address the link names. authorized_only links need that cookie (from the ' +
  'page’s sign-in) or `Authorization: Bearer <token>` of a user who may access the asset (spec 5); wrong ' +
  'tokens count toward the same lock as the sign-in form (5 per client address and link in 15 minutes).';

const viewerErrors: Readonly<Record<number, ResponseDoc>> = {
  401: {
    description:
      'No session for this link ({status, message}), or a bearer token that is missing or invalid (spec 7: {message})',
    schema: z.union([errorBodySchema, unauthorizedBodySchema]),
  },
  403: { description: 'authorized_only: the token’s user may not access the asset', schema: errorBodySchema },
  404: { description: 'Unknown or malformed link', schema: errorBodySchema },
  410: { description: 'The link has expired', schema: errorBodySchema },
  429: {
    description: 'authorized_only: too many wrong tokens from this address (Retry-After says how long)',
    schema: errorBodySchema,
  },
};

/** The tracking page's data routes as /docs shows them; the page itself is in the reporting route table. */
export const TRACKING_PAGE_DOCS = {
  state: {
    method: 'GET',
    url: '/track/:uuid/state',
    tag: 'Tracking links',
    summary: 'What the viewer of a tracking link sees now: the link’s name, position, ETA and track',
    description: `${VIEWER_ACCESS} The track (show_history) covers the time since the link was created, within the current UTC day.`,
    auth: 'none',
    params: uuidParams,
    responses: { 200: { description: 'The snapshot', schema: viewerSnapshotSchema }, ...viewerErrors },
  },
  events: {
    method: 'GET',
    url: '/track/:uuid/events',
    tag: 'Tracking links',
    summary: 'The viewer’s live position as server-sent events (`position`, then `gone` when the link ends)',
    description: VIEWER_ACCESS,
    auth: 'none',
    params: uuidParams,
    responses: {
      200: { description: 'An event stream', contentType: 'text/event-stream' },
      ...viewerErrors,
      429: { description: 'Too many viewers, or too many wrong tokens (see 401)', schema: errorBodySchema },
    },
  },
  outbox: {
    method: 'GET',
    url: '/dev/outbox',
    tag: 'Development',
    summary: 'The local mail outbox: verification links and codes of e-mail tracking links',
    description:
      'Only on a service started with --dev (option devOutbox), and only from this machine; otherwise 404.',
    auth: 'none',
    query: z.object({ to: z.string().max(254).optional() }),
    responses: {
      200: { description: 'Mail, oldest first', schema: z.object({ data: z.array(outboxMessageSchema) }) },
    },
  },
} as const satisfies Record<string, RouteDoc>;
