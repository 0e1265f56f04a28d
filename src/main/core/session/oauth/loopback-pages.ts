/** A page the loopback listener answers the browser with, after the sign-in came back to it. */
export interface LoopbackPage {
  readonly status: number;
  readonly title: string;
  readonly message: string;
}

export const signedInPage = (): LoopbackPage => ({
  status: 200,
  title: 'Signed in to Fleetdesk',
  message: 'You can close this tab and go back to Fleetdesk.',
});

export const failedPage = (message: string, status = 400): LoopbackPage => ({
  status,
  title: 'Fleetdesk could not sign you in',
  message: `${message} You can close this tab and go back to Fleetdesk.`,
});

/**
 * The answer's headers: the address of this page held the authorization
 * code, so nothing is cached or sent on as a referrer, nothing runs and
 * nothing frames it.
 */
export const LOOPBACK_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  connection: 'close',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderLoopbackPage(page: LoopbackPage): string {
  const title = escapeHtml(page.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { display: grid; place-items: center; min-height: 90vh; margin: 0; }
  main { max-width: 32rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.4rem; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(page.message)}</p>
</main>
</body>
</html>
`;
}
