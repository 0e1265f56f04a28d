import { expect } from 'vitest';
import type { StoredTrackingLink } from '../../../src/server/tracking/tracking-link-store';
import type { OutboxMessage } from '../../../src/server/tracking/dev-outbox';
import type { TrackingService } from './tracking-fixture';

/** A form post as a browser sends it, without following the redirect. */
export function postForm(url: string, form: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

export function get(url: string, cookie?: string): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

/** The `name=value` part of the viewer cookie a response sets. */
export function cookieFrom(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('fd_view='));
  expect(set, 'a viewer cookie').toBeDefined();
  return set!.split(';')[0]!;
}

/** Asks for a verification mail and returns it from the outbox. */
export async function requestMail(
  ts: TrackingService,
  link: StoredTrackingLink,
  email: string,
): Promise<OutboxMessage> {
  const before = (await ts.outbox(email)).length;
  const res = await postForm(`${ts.pageUrl(link)}/email`, { email });
  expect(res.status).toBe(303);
  const mails = await ts.outbox(email);
  expect(mails).toHaveLength(before + 1);
  return mails[mails.length - 1]!;
}

/** Follows a mail's verification link; returns the session cookie it sets. */
export async function followMail(mail: OutboxMessage): Promise<string> {
  const res = await get(mail.link);
  expect(res.status).toBe(303);
  return cookieFrom(res);
}

/** Reads server-sent events until `stop` says so or the stream ends. */
export async function readEvents(
  res: Response,
  stop: (events: Array<{ event: string; data: string }>) => boolean,
): Promise<Array<{ event: string; data: string }>> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: string }> = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (event !== undefined && data !== undefined) events.push({ event, data });
    }
    if (stop(events)) {
      await reader.cancel();
      break;
    }
  }
  return events;
}
