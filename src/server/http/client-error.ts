import type { ConnectionError } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser cannot read (a broken request line, a bad
 * chunk, headers over the limit) never reach fastify's error handler; they
 * still get spec 7's JSON body, and the connection is closed.
 */
export function answerUnreadableRequest(err: ConnectionError, socket: Socket): void {
  // Nothing can be sent on a reset or destroyed socket (Node's own rule for clientError).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    status === 400
      ? {
          status: 'error',
          message: 'The request could not be read.',
          errors: { request: [err.code ?? err.message] },
        }
      : { status: 'error', message: STATUS_CODES[status] ?? 'The request could not be read.' },
  );
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
