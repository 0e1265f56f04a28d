import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceContext, ServiceModule } from '../context';
import { registerAccessRoutes } from './access-routes';
import { createAttemptLimiter } from './attempt-limiter';
import { bearerViewer } from './bearer-viewer';
import { createDevOutbox } from './dev-outbox';
import { createLiveFeed, sseFrame } from './live-feed';
import { ASSETS_PREFIX, loadPageAssets } from './page-assets';
import { codePage, emailPage, signInPage, viewerPage } from './page-html';
import { OSM_TILE_URL, pageSecurityHeaders, tileOrigin } from './page-security';
import {
  liveLinkOrPage,
  sendHtml,
  type TrackingPageDeps,
  type TrackingPageRules,
} from './tracking-page-deps';
import { TRACKING_PAGE_DOCS } from './tracking-page-docs';
import { createViewerAccessStore } from './viewer-access-store';
import { readViewerCookie } from './viewer-cookie';
import { gateFor, lookupLink, sessionOf } from './viewer-gate';
import { viewerSnapshot, viewerUpdate } from './viewer-snapshot';

const MINUTE = 60_000;

export interface TrackingPageOptions {
  /** How often an open page gets a position (server-sent events); default 2 s. */
  readonly tickMs?: number;
  /** Map tiles; OpenStreetMap unless set. The CSP allows this host's images and nothing else. */
  readonly tileUrl?: string;
  readonly tileAttribution?: string;
  readonly rules?: Partial<TrackingPageRules>;
  /** Open event streams per link, and in all (each is a socket). */
  readonly maxViewersPerLink?: number;
  readonly maxViewers?: number;
  /** Serve the mail outbox at GET /dev/outbox (development and tests; `--dev`). Off by default. */
  readonly devOutbox?: boolean;
}

const DEFAULT_RULES: TrackingPageRules = {
  verificationTtlMs: 15 * MINUTE,
  sessionTtlMs: 12 * 60 * MINUTE,
  maxCodeAttempts: 5,
  codeLockMs: 15 * MINUTE,
};

const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const uuidParams = z.object({ uuid: z.string() });
const assetParams = z.object({ '*': z.string() });
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * docs/architecture.md "Tracking pages": the public page a tracking link opens ({tracking_url}/track/<uuid>),
 * its access gates, its live position over server-sent events, and the local
 * mail outbox the gates send to.
 */
export function createTrackingPageModule(
  ctx: ServiceContext,
  options: TrackingPageOptions = {},
): ServiceModule {
  const rules: TrackingPageRules = { ...DEFAULT_RULES, ...options.rules };
  const tileUrl = options.tileUrl ?? OSM_TILE_URL;
  const security = pageSecurityHeaders(tileOrigin(tileUrl));
  const maxPerLink = options.maxViewersPerLink ?? 100;
  const maxViewers = options.maxViewers ?? 2_000;
  const deps: TrackingPageDeps = {
    ctx,
    access: createViewerAccessStore(ctx.db),
    outbox: createDevOutbox(ctx.dataDir),
    rules,
    signInLimiter: createAttemptLimiter({ max: 5, windowMs: 15 * MINUTE }),
    mailPerClient: createAttemptLimiter({ max: 5, windowMs: 15 * MINUTE }),
    mailPerAddress: createAttemptLimiter({ max: 3, windowMs: 15 * MINUTE }),
  };
  const { assets, missing } = loadPageAssets();

  const feed = createLiveFeed({
    tickMs: options.tickMs ?? 2000,
    now: ctx.now,
    update: (uuid, now) => {
      const found = lookupLink(ctx.trackingLinks, ctx.fleet, uuid, now);
      return found.kind === 'ok'
        ? { event: 'position', data: viewerUpdate(ctx.fleet, found.link, now) }
        : null;
    },
    onError: (err) => ctx.log.error('tracking page: live update failed', { err: String(err) }),
  });

  /**
   * The link and the viewer's right to see it, for the JSON and event routes (no HTML pages there):
   * a session cookie from the page, or on authorized_only links the API's bearer token (bearer-viewer.ts).
   * `stillAllowed` is asked again while an event stream stays open.
   */
  const authorizedLink = (request: FastifyRequest, reply: FastifyReply) => {
    const { uuid } = uuidParams.parse(request.params);
    const now = ctx.now();
    const found = lookupLink(ctx.trackingLinks, ctx.fleet, uuid, now);
    if (found.kind !== 'ok') {
      const expired = found.kind === 'expired';
      void reply
        .code(expired ? 410 : 404)
        .send({ status: 'error', message: expired ? 'This link has expired.' : 'Not found.' });
      return null;
    }
    const { link } = found;
    const user = bearerViewer(deps, request, link, now);
    if (user) {
      return { link, stillAllowed: () => ctx.account.canAccess(user, link.assetId) };
    }
    const cookie = readViewerCookie(request.headers.cookie);
    if (gateFor(link, sessionOf(deps.access, link, cookie, now)).kind !== 'view') {
      void reply.code(401).send({ status: 'error', message: 'Verify access on the tracking page first.' });
      return null;
    }
    return {
      link,
      stillAllowed: (at: number) =>
        link.accessType === 'public' ||
        gateFor(link, sessionOf(deps.access, link, cookie, at)).kind === 'view',
    };
  };

  const routes = async (app: FastifyInstance): Promise<void> => {
    app.addHook('onSend', async (_request, reply, payload) => {
      void reply.headers(security);
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      return payload;
    });

    app.get(`${ASSETS_PREFIX}/*`, async (request, reply) => {
      const file = assets.get(assetParams.parse(request.params)['*']);
      if (!file) return reply.code(404).send({ status: 'error', message: 'Not found.' });
      void reply.header('content-type', file.type).header('etag', file.etag);
      void reply.header('cache-control', 'public, max-age=3600');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.body);
    });

    app.get('/track/:uuid', async (request, reply) => {
      const { uuid } = uuidParams.parse(request.params);
      const link = liveLinkOrPage(deps, uuid, reply);
      if (!link) return reply;
      const now = ctx.now();
      const session = sessionOf(deps.access, link, readViewerCookie(request.headers.cookie), now);
      const gate = gateFor(link, session);
      const sent = typeof request.query === 'object' && request.query !== null && 'sent' in request.query;
      const withCode = link.accessType === 'email_code';
      switch (gate.kind) {
        case 'view': {
          const tileAttribution = options.tileAttribution ?? OSM_ATTRIBUTION;
          return sendHtml(
            reply,
            200,
            viewerPage({ title: link.name, tileUrl, tileAttribution, showEta: link.showEta }),
          );
        }
        case 'email': {
          const info = sent
            ? 'Check your inbox: if the address can receive mail, a link is on its way.'
            : undefined;
          return sendHtml(reply, 200, emailPage(link.uuid, { withCode, ...(info ? { info } : {}) }));
        }
        case 'code': {
          const pending = deps.access.verification(gate.session.pendingVerificationId ?? -1);
          if (!pending || pending.expiresAt <= now) {
            const error = 'Your code has expired. Request a new e-mail.';
            return sendHtml(reply, 200, emailPage(link.uuid, { withCode, error }));
          }
          return sendHtml(reply, 200, codePage(link.uuid, { email: gate.session.email ?? '' }));
        }
        case 'sign-in':
          return sendHtml(reply, 200, signInPage(link.uuid, {}));
      }
    });

    app.get('/track/:uuid/state', { config: { doc: TRACKING_PAGE_DOCS.state } }, async (request, reply) => {
      const ok = authorizedLink(request, reply);
      if (!ok) return reply;
      return reply.send(viewerSnapshot(ctx.fleet, ok.link, ctx.now()));
    });

    app.get('/track/:uuid/events', { config: { doc: TRACKING_PAGE_DOCS.events } }, async (request, reply) => {
      const ok = authorizedLink(request, reply);
      if (!ok) return reply;
      if (feed.viewers(ok.link.uuid) >= maxPerLink || feed.viewers() >= maxViewers) {
        return reply
          .code(429)
          .send({ status: 'error', message: 'Too many viewers right now; try again later.' });
      }
      const { link, stillAllowed } = ok;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...security,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      res.write(sseFrame('position', viewerUpdate(ctx.fleet, link, ctx.now())));
      feed.add(link.uuid, { res, stillAllowed });
      return reply;
    });

    registerAccessRoutes(app, deps);

    // Development only: the outbox hands out verification links and codes, so it exists only when the
    // service was started with --dev, and answers this machine alone (its Host is checked app-wide).
    if (options.devOutbox === true) {
      app.get('/dev/outbox', { config: { doc: TRACKING_PAGE_DOCS.outbox } }, async (request, reply) => {
        if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
          return reply.code(404).send({ status: 'error', message: `No route for GET /dev/outbox` });
        }
        const q = z.object({ to: z.string().max(254).optional() }).safeParse(request.query);
        if (!q.success)
          return reply.code(400).send({ status: 'error', message: 'to must be one e-mail address.' });
        return reply.send({ data: deps.outbox.read(q.data.to) });
      });
    }
  };

  return {
    name: 'tracking-page',
    register: async (app) => {
      if (missing) ctx.log.warn(`tracking page: ${missing}; pages are served without a map`);
      await app.register(routes);
    },
    stop: () => feed.close(),
  };
}
