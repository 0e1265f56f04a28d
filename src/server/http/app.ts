import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { answerUnreadableRequest } from './client-error';
import { deprecationHeaders } from './deprecation';
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

/**
 * The HTTP app with the service-wide rules of spec 7 and issue 2 §7: every
 * error is a JSON body of the spec's shape, malformed input is a 400, an
 * oversized body a 413, an unknown route a 404 — and nothing crashes.
 */
export function createHttpApp(
  options: { readonly allowedHost?: (hostHeader: string | undefined) => boolean } = {},
): FastifyInstance {
  const allowedHost = options.allowedHost ?? hostAllowlist('127.0.0.1');
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
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
      request.log.error(error);
      console.error('[local-service] internal error', request.method, request.url, error);
      void reply.code(500).send({ status: 'error', message: 'Internal error.' });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send({ status: 'error', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}
