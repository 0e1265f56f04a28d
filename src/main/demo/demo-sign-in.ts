import { CookieJar } from 'tough-cookie';

export interface DemoCredentials {
  readonly username: string;
  readonly password: string;
}

/** Enough for the sign-in page, the consent page and the redirects between them. */
const MAX_STEPS = 12;

/**
 * The demo operator's browser, for the local service the app runs itself:
 * it opens the authorization page, fills in the sign-in form with the
 * operator's user name and password (the service's ready line gives them),
 * allows the consent, and follows the redirect back to the app's loopback
 * listener: the requests a person's browser makes, so the Demo's sign-in is
 * the real one (docs/interface-decisions.md, "Sign-in (OAuth 2.0)": form
 * POSTs to `{page}/sign-in` and `{page}/consent`). An RFC 6265 cookie jar
 * (tough-cookie) carries the service's interaction cookies from page to
 * page. Addresses are never logged: the last one carries the code.
 */
export async function signInAsDemoOperator(
  url: string,
  credentials: DemoCredentials,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const service = new URL(url).origin;
  const jar = new CookieJar();

  const send = async (
    at: string,
    init: { method: 'GET' | 'POST'; form?: Record<string, string> },
  ): Promise<Response> => {
    const cookie = await jar.getCookieString(at);
    const res = await fetchImpl(at, {
      method: init.method,
      redirect: 'manual',
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const set of res.headers.getSetCookie()) await jar.setCookie(set, at, { ignoreError: true });
    return res;
  };

  let at = url;
  let res = await send(at, { method: 'GET' });
  for (let step = 0; step < MAX_STEPS; step++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location !== null) {
      await res.arrayBuffer();
      at = new URL(location, at).href;
      res = await send(at, { method: 'GET' });
      // Back at the app's loopback listener: the sign-in is the app's from here.
      if (new URL(at).origin !== service) {
        await res.arrayBuffer();
        return;
      }
      continue;
    }
    const page = await res.text();
    if (res.status !== 200) throw new Error(`The demo service's sign-in page answered HTTP ${res.status}.`);
    const pagePath = new URL(at).pathname.replace(/\/+$/, '');
    res = page.includes('name="password"')
      ? await send(`${service}${pagePath}/sign-in`, {
          method: 'POST',
          form: { username: credentials.username, password: credentials.password, action: 'sign-in' },
        })
      : await send(`${service}${pagePath}/consent`, { method: 'POST', form: { decision: 'allow' } });
  }
  throw new Error("The demo service's sign-in did not come back to the app.");
}
