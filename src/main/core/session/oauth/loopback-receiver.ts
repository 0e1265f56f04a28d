import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignInError } from '../sign-in-error';
import { LOOPBACK_HOST, LOOPBACK_PATH } from './desktop-client';
import { failedPage, LOOPBACK_PAGE_HEADERS, renderLoopbackPage, type LoopbackPage } from './loopback-pages';

/** The browser came back: where to (its query holds the code and state, or an error), and how to answer it. */
export interface LoopbackAnswer {
  readonly url: URL;
  /** Answers the browser; the listener closes once the page is sent. */
  reply(page: LoopbackPage): void;
}

export interface LoopbackReceiver {
  /** http://127.0.0.1:{port}/callback, the redirect URI of this one sign-in. */
  readonly redirectUri: string;
  /** The first request to the callback address; rejects with SignInError 'cancelled' when `signal` aborts. */
  readonly answer: Promise<LoopbackAnswer>;
  close(): Promise<void>;
}

/**
 * RFC 8252 §7.3: a one-shot HTTP listener on the loopback interface, on a
 * port the OS picks, for the one redirect that carries the authorization
 * response back from the system browser. 127.0.0.1 rather than localhost
 * (§8.3: a name may resolve elsewhere). Requests naming another host (DNS
 * rebinding) or another path are turned away without ending the sign-in;
 * the first request to the callback path is the answer, and the listener
 * closes as soon as the browser has its page.
 */
export async function openLoopbackReceiver(signal: AbortSignal): Promise<LoopbackReceiver> {
  const server = createServer();
  let answered = false;
  /** The browser's page, on its way: closing waits for it rather than cut it off. */
  let replied: Promise<void> = Promise.resolve();
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= replied.then(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ));

  let deliver!: (answer: LoopbackAnswer) => void;
  let fail!: (err: Error) => void;
  const answer = new Promise<LoopbackAnswer>((resolve, reject) => {
    deliver = resolve;
    fail = reject;
  });
  // Whoever awaits it sees the rejection; nobody awaiting is no error.
  answer.catch(() => undefined);

  const send = (res: ServerResponse, page: LoopbackPage, then?: () => void): void => {
    res.writeHead(page.status, LOOPBACK_PAGE_HEADERS);
    res.end(renderLoopbackPage(page), then);
  };

  let host = '';
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.host !== host) return send(res, failedPage('This address belongs to Fleetdesk.', 421));
    // A request target that is no URL (`//[`, from any local process) must not throw out of this listener.
    const url = URL.parse(req.url ?? '/', `http://${host}`);
    if (!url) return send(res, failedPage('This is not an address Fleetdesk knows.', 400));
    if (req.method !== 'GET' || url.pathname !== LOOPBACK_PATH)
      return send(res, failedPage('There is nothing at this address.', 404));
    if (answered) return send(res, failedPage('This sign-in has already finished.', 410));
    answered = true;
    deliver({
      url,
      reply(page) {
        replied = new Promise<void>((resolve) => send(res, page, resolve));
        void close();
      },
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  host = `${LOOPBACK_HOST}:${(server.address() as AddressInfo).port}`;

  const stop = (): void => {
    if (!answered)
      fail(
        signal.reason instanceof SignInError
          ? signal.reason
          : new SignInError('cancelled', 'The sign-in was stopped before the browser came back.'),
      );
    void close();
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  server.once('close', () => signal.removeEventListener('abort', stop));

  return { redirectUri: `http://${host}${LOOPBACK_PATH}`, answer, close };
}
