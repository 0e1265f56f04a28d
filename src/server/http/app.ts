import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The HTTP app with the service-wide rules of spec 7 and issue 2 §7: every
 * error is a JSON body of the spec's shape, malformed input is a 400, an
 * oversized body a 413, an unknown route a 404 — and nothing crashes.
 */
export function createHttpApp(): FastifyInstance {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    // Query strings like ?page=1&page=2 arrive as arrays and are refused by the schemas.
    routerOptions: { maxParamLength: 200 },
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
