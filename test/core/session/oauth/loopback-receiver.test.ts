import { get } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInPage } from '../../../../src/main/core/session/oauth/loopback-pages';
import {
  openLoopbackReceiver,
  type LoopbackReceiver,
} from '../../../../src/main/core/session/oauth/loopback-receiver';
import { SignInError } from '../../../../src/main/core/session/sign-in-error';

/** A GET naming another host than the address's (fetch does not let a caller choose the Host header). */
const statusWithHost = (url: string, host: string): Promise<number | undefined> =>
  new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject);
  });

const refused = (url: string): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );

describe('the one-shot loopback listener (RFC 8252 §7.3)', () => {
  let receiver: LoopbackReceiver | null = null;
  afterEach(async () => {
    await receiver?.close();
  });

  it('listens on 127.0.0.1 on a port of its own, takes the first callback, answers it, and closes', async () => {
    const abort = new AbortController();
    receiver = await openLoopbackReceiver(abort.signal);
    const redirect = new URL(receiver.redirectUri);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(Number(redirect.port)).toBeGreaterThan(0);
    expect(redirect.pathname).toBe('/callback');

    const browser = fetch(`${receiver.redirectUri}?code=c0de&state=s7a7e`);
    const answer = await receiver.answer;
    expect(Object.fromEntries(answer.url.searchParams)).toEqual({ code: 'c0de', state: 's7a7e' });
    answer.reply(signedInPage());
    const res = await browser;
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await res.text()).toContain('You can close this tab and go back to Fleetdesk.');
    await expect.poll(() => refused(receiver!.redirectUri)).toBe(true);
  });

  it('turns away other paths and other host names without ending the sign-in', async () => {
    receiver = await openLoopbackReceiver(new AbortController().signal);
    const { origin, host } = new URL(receiver.redirectUri);
    expect((await fetch(`${origin}/favicon.ico`)).status).toBe(404);
    // DNS rebinding: a page on another name that resolves here.
    expect(await statusWithHost(`${receiver.redirectUri}?code=x&state=y`, 'evil.example')).toBe(421);
    const late = fetch(`${receiver.redirectUri}?code=real&state=real`);
    const answer = await receiver.answer;
    expect(answer.url.searchParams.get('code')).toBe('real');
    expect(answer.url.host).toBe(host);
    answer.reply(signedInPage());
    await late;
  });

  it('answers a request target that is no URL with 400, and still takes the callback', async () => {
    receiver = await openLoopbackReceiver(new AbortController().signal);
    const { host, port } = new URL(receiver.redirectUri);
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET //[ HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => {
        socket.destroy();
        resolve(text);
      });
    });
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    const browser = fetch(`${receiver.redirectUri}?code=c0de&state=s7a7e`);
    const answer = await receiver.answer;
    expect(answer.url.searchParams.get('code')).toBe('c0de');
    answer.reply(signedInPage());
    await browser;
  });

  it('stops waiting when the sign-in is cancelled, with the reason it was given', async () => {
    const abort = new AbortController();
    receiver = await openLoopbackReceiver(abort.signal);
    abort.abort(new SignInError('cancelled', 'The sign-in was cancelled.'));
    await expect(receiver.answer).rejects.toMatchObject({
      kind: 'cancelled',
      message: 'The sign-in was cancelled.',
    });
    await expect.poll(() => refused(receiver!.redirectUri)).toBe(true);
  });
});
