import { parse as parseHtml } from 'node-html-parser';
import { CookieJar } from 'tough-cookie';

/** Where a navigation ended: a page of the service, or a redirect that leaves it (the app's loopback address). */
export type Landing =
  | {
      readonly kind: 'page';
      readonly url: string;
      readonly status: number;
      readonly html: string;
      readonly response: Response;
    }
  | { readonly kind: 'left'; readonly url: string; readonly location: string };

export interface PageForm {
  readonly action: string;
  readonly fields: Record<string, string>;
}

const MAX_REDIRECTS = 10;

/**
 * A browser as far as sign-in needs one: an RFC 6265 cookie jar
 * (tough-cookie: paths, SameSite, deletion), redirects followed within the
 * service, forms submitted as urlencoded bodies with the headers Chromium
 * sends. A redirect to another origin is where the browser would hand the
 * answer to the app; it is reported, not followed.
 */
/** Told of every answer the browser gets (the documentation crawl records them). */
export type ResponseObserver = (method: string, url: string, response: Response) => Promise<void>;

export class TestBrowser {
  readonly jar = new CookieJar();

  constructor(
    private readonly origin: string,
    private readonly observe?: ResponseObserver,
  ) {}

  private async send(url: string, init: RequestInit & { method: string }): Promise<Response> {
    const cookie = await this.jar.getCookieString(url);
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const set of res.headers.getSetCookie()) await this.jar.setCookie(set, url, { ignoreError: true });
    await this.observe?.(init.method, url, res.clone());
    return res;
  }

  private async land(url: string, first: Response): Promise<Landing> {
    let res = first;
    let at = url;
    for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || location === null) {
        return { kind: 'page', url: at, status: res.status, html: await res.text(), response: res };
      }
      await res.arrayBuffer();
      const next = new URL(location, at).href;
      if (new URL(next).origin !== this.origin) return { kind: 'left', url: at, location: next };
      at = next;
      res = await this.send(at, { method: 'GET', headers: { 'sec-fetch-site': 'same-origin' } });
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
  }

  /** Opens an address, as clicking a link from another app does. */
  async open(url: string): Promise<Landing> {
    return this.land(url, await this.send(url, { method: 'GET', headers: { 'sec-fetch-site': 'none' } }));
  }

  /** Posts a form of the page the browser is on, as pressing one of its buttons does. */
  async submit(page: Landing, fields: Record<string, string>, from = this.origin): Promise<Landing> {
    if (page.kind !== 'page') throw new Error(`not on a page: left for ${page.location}`);
    const form = formOf(page.html);
    const url = new URL(form.action, page.url).href;
    const site = new URL(from).origin === this.origin ? 'same-origin' : 'cross-site';
    const res = await this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
      body: new URLSearchParams({ ...form.fields, ...fields }).toString(),
    });
    return this.land(url, res);
  }
}

/** The page's one form: its action and the values its inputs hold (buttons are chosen by the caller). */
export function formOf(html: string): PageForm {
  const form = parseHtml(html).querySelector('form');
  if (!form) throw new Error(`no form on the page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll('input')) {
    const name = input.getAttribute('name');
    if (name) fields[name] = input.getAttribute('value') ?? '';
  }
  return { action: form.getAttribute('action') ?? '', fields };
}

/** The visible text of a page, for assertions a person would make. */
export const textOf = (html: string): string =>
  parseHtml(html).querySelector('main')?.text.replace(/\s+/g, ' ').trim() ?? '';
