import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import type { AttemptLimiter } from './attempt-limiter';
import type { DevOutbox } from './dev-outbox';
import { messagePage } from './page-html';
import type { ViewerAccessStore } from './viewer-access-store';
import type { StoredTrackingLink } from './tracking-link-store';
import { lookupLink } from './viewer-gate';

export interface TrackingPageRules {
  /** Verification links and codes (docs/architecture.md "Tracking pages": they expire). */
  readonly verificationTtlMs: number;
  readonly sessionTtlMs: number;
  readonly maxCodeAttempts: number;
  readonly codeLockMs: number;
}

/** What the tracking page's route files share. */
export interface TrackingPageDeps {
  readonly ctx: ServiceContext;
  readonly access: ViewerAccessStore;
  readonly outbox: DevOutbox;
  readonly rules: TrackingPageRules;
  /** Failed token sign-ins per link and client address. */
  readonly signInLimiter: AttemptLimiter;
  /** Verification mails per link and client address, and per link and recipient. */
  readonly mailPerClient: AttemptLimiter;
  readonly mailPerAddress: AttemptLimiter;
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(html);
}

export const minutes = (ms: number): number => Math.max(1, Math.ceil(ms / 60_000));

/** The link of a page request, or the 404 / 410 page already sent (then null). */
export function liveLinkOrPage(
  deps: TrackingPageDeps,
  uuid: string,
  reply: FastifyReply,
): StoredTrackingLink | null {
  const found = lookupLink(deps.ctx.trackingLinks, deps.ctx.fleet, uuid, deps.ctx.now());
  if (found.kind === 'ok') return found.link;
  if (found.kind === 'expired') {
    sendHtml(
      reply,
      410,
      messagePage(
        'This link has expired',
        'The live location shared through this link is no longer available. Ask the sender for a new link.',
      ),
    );
  } else {
    sendHtml(
      reply,
      404,
      messagePage(
        'Link not found',
        'There is no shared location at this address. Check the link you were sent.',
      ),
    );
  }
  return null;
}

export const clientKey = (request: FastifyRequest, uuid: string): string => `${uuid}|${request.ip}`;

/** The request's form or JSON body as a record of strings, or null. */
export function formBody(request: FastifyRequest): Record<string, string> | null {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}
