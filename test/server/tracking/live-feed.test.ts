import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveFeed, type LiveFeed } from '../../../src/server/tracking/live-feed';

/** A real HTTP server whose every request becomes a viewer of link `?link=`. */
async function serve(
  feed: LiveFeed,
  allowed: (viewer: string) => boolean,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://x').searchParams;
    const viewer = params.get('viewer') ?? '';
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    feed.add(params.get('link') ?? 'L', { res, stillAllowed: () => allowed(viewer) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function readUntil(res: Response, done: (text: string) => boolean): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return text;
    text += decoder.decode(chunk.value, { stream: true });
    if (done(text)) {
      await reader.cancel();
      return text;
    }
  }
}

describe('live feed of tracking pages', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it('computes a link’s position only while someone watches it, with one timer for all its viewers', async () => {
    const update = vi.fn((uuid: string, now: number) => ({ event: 'position', data: { uuid, now } }));
    const feed = createLiveFeed({ tickMs: 50, now: Date.now, update, onError: () => undefined });
    const { server, url } = await serve(feed, () => true);
    cleanups.push(() => {
      feed.close();
      server.close();
    });
    expect(feed.activeLinks()).toBe(0);

    const a = new AbortController();
    const b = new AbortController();
    const [ra, rb] = await Promise.all([
      fetch(`${url}/?link=L&viewer=a`, { signal: a.signal }),
      fetch(`${url}/?link=L&viewer=b`, { signal: b.signal }),
    ]);
    const [ta, tb] = await Promise.all([
      readUntil(ra, (t) => t.split('event: position').length > 3),
      readUntil(rb, (t) => t.split('event: position').length > 3),
    ]);
    expect(ta).toContain('"uuid":"L"');
    expect(tb).toContain('"uuid":"L"');
    expect(feed.activeLinks()).toBe(1);
    expect(update.mock.calls.length).toBeGreaterThanOrEqual(3);

    a.abort();
    b.abort();
    await vi.waitFor(() => expect(feed.viewers('L')).toBe(0));
    expect(feed.activeLinks()).toBe(0);
    const afterClose = update.mock.calls.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(update.mock.calls.length).toBe(afterClose);
  });

  it('ends the stream of a viewer who may no longer watch with a gone event, and keeps the others', async () => {
    let revoked = false;
    const feed = createLiveFeed({
      tickMs: 50,
      now: Date.now,
      update: () => ({ event: 'position', data: {} }),
      onError: () => undefined,
    });
    const { server, url } = await serve(feed, (viewer) => !(revoked && viewer === 'a'));
    cleanups.push(() => {
      feed.close();
      server.close();
    });
    const [ra, rb] = await Promise.all([fetch(`${url}/?viewer=a`), fetch(`${url}/?viewer=b`)]);
    revoked = true;
    const ta = await readUntil(ra, () => false);
    expect(ta.trimEnd().endsWith('event: gone\ndata: {}')).toBe(true);
    expect(feed.viewers('L')).toBe(1);
    const tb = await readUntil(rb, (t) => t.split('event: position').length > 2);
    expect(tb).not.toContain('gone');
  });

  it('ends every stream of a link that has gone (expired) and stops its timer', async () => {
    let gone = false;
    const feed = createLiveFeed({
      tickMs: 50,
      now: Date.now,
      update: () => (gone ? null : { event: 'position', data: {} }),
      onError: () => undefined,
    });
    const { server, url } = await serve(feed, () => true);
    cleanups.push(() => {
      feed.close();
      server.close();
    });
    const res = await fetch(`${url}/?link=X`);
    gone = true;
    const text = await readUntil(res, () => false);
    expect(text).toContain('event: gone');
    expect(feed.activeLinks()).toBe(0);
  });
});
