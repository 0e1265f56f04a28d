import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { ServiceLog } from '../context';
import { answerUnreadableRequest } from './client-error';
import { deprecationHeaders, isPastSunset, removedRoute } from './deprecation';
import { hostAllowlist } from './host-check';
import { HttpError } from './http-error';
import { trackRoutes } from './route-registry';

export const BODY_LIMIT_BYTES = 1024 * 1024;

function sendUnreadableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({
    status: 'error',
    message: 'The request could not be read.',
    errors: { url: [error.message] },
  });
}

export interface HttpAppOptions {
  /** The service's clock: deprecated routes are removed at their Sunset by it. */
  readonly now: () => number;
  readonly log: ServiceLog;
  /** Which Host headers are this service's (host-check.ts); loopback only by default. */
  readonly allowedHost?: (hostHeader: string | undefined) => boolean;
}

/** RFC 9110 §8: headers that describe the body, which an error answer replaces. */
const REPRESENTATION_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-encoding',
  'content-language',
  'etag',
  'last-modified',
] as const;

/**
 * What a log line may say about a request: its path, never its query string,
 * which can hold a credential (the signature of a pre-signed download URL).
 */
const loggablePath = (url: string): string => url.split('?')[0] ?? '';

/**
 * The HTTP app with the service-wide rules of spec 7: every error is a JSON
 * body of the spec's shape, malformed input is a 400, an oversized body a
 * 413, an unknown route a 404, a route past its Sunset a 410 — and nothing
 * crashes.
 */
export function createHttpApp({
  now,
  log,
  allowedHost = hostAllowlist('127.0.0.1'),
}: HttpAppOptions): FastifyInstance {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    // stop() ends every connection, not only idle ones: a client that stalls a download (or was killed
    // mid-response) must not keep the service from stopping.
    forceCloseConnections: true,
    // Query strings like ?page=1&page=2 arrive as arrays and are refused by the schemas.
    routerOptions: { maxParamLength: 200 },
    // A URL fastify cannot decode (e.g. `%E0%A4%A`) is the client's fault: spec 7's 400, not fastify's own body.
    frameworkErrors: sendUnreadableUrl,
    clientErrorHandler: answerUnreadableRequest,
  });
  trackRoutes(app);

  // DNS rebinding (host-check.ts): a foreign Host gets RFC 9110 §15.5.20's 421 with spec 7's body, on every route.
  app.addHook('onRequest', async (request, reply) => {
    if (allowedHost(request.headers.host)) return;
    return reply.code(421).send({
      status: 'error',
      message: 'Misdirected request: this service answers only for the host names it was started for.',
    });
  });

  // Spec 9: removal after the warning period. Global preParsing hooks run after a route's own
  // onRequest, so a route that authenticates there still answers 401 first; no body is read.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const deprecation = request.routeOptions.config?.deprecation;
    if (deprecation && isPastSunset(deprecation, now())) throw removedRoute(deprecation);
    return payload;
  });

  // Spec 9: deprecated routes still answer, with the standard warning headers (see deprecation.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    const deprecation = request.routeOptions.config?.deprecation;
    if (deprecation) void reply.headers(deprecationHeaders(deprecation));
    return payload;
  });

  // pusher-js posts channel authorization as a form (spec 4.1 names JSON; we accept both).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A handler that failed part-way (a file stream that cannot be read) may have described its
    // representation already; the error body is another one (spec 7's JSON).
    for (const header of REPRESENTATION_HEADERS) reply.removeHeader(header);
    void reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      void reply.code(error.statusCode).headers(error.headers).send(error.body);
      return;
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) {
      void reply
        .code(413)
        .send({ status: 'error', message: `The request body exceeds ${BODY_LIMIT_BYTES} bytes.` });
    } else if (status === 415) {
      void reply
        .code(415)
        .send({ status: 'error', message: 'Unsupported Content-Type; send application/json.' });
    } else if (status >= 400 && status < 500) {
      void reply.code(400).send({
        status: 'error',
        message: 'The request could not be read.',
        errors: { body: [error.message] },
      });
    } else {
      log.error('internal error', {
        method: request.method,
        path: loggablePath(request.url),
        route: request.routeOptions.url ?? null,
        err: String(error),
        stack: error.stack ?? null,
      });
      void reply.code(500).send({ status: 'error', message: 'Internal error.' });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send({ status: 'error', message: `No route for ${request.method} ${loggablePath(request.url)}` });
  });

  return app;
}
