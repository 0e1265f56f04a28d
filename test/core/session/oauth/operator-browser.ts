import { parse as parseHtml } from 'node-html-parser';
import { TestBrowser, type Landing } from '../../../server/oauth/browser';

/** What the operator does on the service's pages. */
export type OperatorChoice =
  | 'allow'
  | 'deny'
  /** Signs in and allows, but the answer reaches the app with another `state` (a forged or stale link). */
  | 'tamper-state'
  /** Looks at the sign-in page and does nothing more (the app's Cancel, or its time limit, ends it). */
  | 'walk-away';

/** The page the app's loopback listener showed the browser at the end. */
export interface LoopbackLanding {
  readonly status: number;
  readonly title: string;
  readonly text: string;
}

export interface OperatorBrowser {
  /** The app's "system browser" (SessionOptions.openBrowser): returns at once, as shell.openExternal does. */
  open(url: string): Promise<void>;
  /** What the operator does next. */
  choice: OperatorChoice;
  /** Authorization addresses the app opened. */
  readonly opened: string[];
  /** The loopback addresses the browser was sent back to (the authorization code is in their query). */
  readonly callbacks: URL[];
  readonly landings: LoopbackLanding[];
  readonly failures: unknown[];
  /** Resolves when the browser has done all it was asked. */
  idle(): Promise<void>;
}

const textOfPage = (html: string): { title: string; text: string } => {
  const root = parseHtml(html);
  return {
    title: root.querySelector('h1')?.text.trim() ?? '',
    text: (root.querySelector('main') ?? root).text.replace(/\s+/g, ' ').trim(),
  };
};

/**
 * A person at the system browser, as far as the app can tell: the service's
 * sign-in page filled in with plain HTTP form posts (cookies kept, as a
 * browser does: the service helper's TestBrowser), the consent allowed or
 * denied, and the redirect followed to the app's loopback address, whose
 * page is read back.
 */
export function operatorBrowser(user: {
  readonly username: string;
  readonly password: string;
}): OperatorBrowser {
  let work: Promise<void> = Promise.resolve();

  const browse = async (b: OperatorBrowser, url: string): Promise<void> => {
    const browser = new TestBrowser(new URL(url).origin);
    let at: Landing = await browser.open(url);
    if (b.choice === 'walk-away') return;
    for (let step = 0; at.kind === 'page' && step < 4; step++) {
      if (at.status !== 200) throw new Error(`the service answered ${at.status}: ${at.html.slice(0, 300)}`);
      at = at.html.includes('name="password"')
        ? await browser.submit(at, { username: user.username, password: user.password, action: 'sign-in' })
        : await browser.submit(at, { decision: b.choice === 'deny' ? 'deny' : 'allow' });
    }
    if (at.kind !== 'left') throw new Error('the sign-in did not go back to the app');
    const callback = new URL(at.location);
    if (b.choice === 'tamper-state') callback.searchParams.set('state', 'someone-elses-state');
    b.callbacks.push(callback);
    const res = await fetch(callback);
    b.landings.push({ status: res.status, ...textOfPage(await res.text()) });
  };

  const b: OperatorBrowser = {
    choice: 'allow',
    opened: [],
    callbacks: [],
    landings: [],
    failures: [],
    async open(url) {
      b.opened.push(url);
      work = work.then(() => browse(b, url)).catch((err: unknown) => void b.failures.push(err));
    },
    idle: () => work,
  };
  return b;
}
