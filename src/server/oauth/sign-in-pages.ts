import { createHash } from 'node:crypto';
import { escapeHtml } from '../reports/render/html/html-escape';

const STYLE = `
:root { color-scheme: light; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #17202a; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f5; }
main { width: min(26rem, calc(100vw - 2rem)); background: #fff; border-radius: 12px; padding: 1.75rem 1.75rem 1.5rem;
  box-shadow: 0 1px 3px rgba(23, 32, 42, .12), 0 8px 24px rgba(23, 32, 42, .08); }
.eyebrow { margin: 0 0 .25rem; font-size: .8rem; letter-spacing: .06em; text-transform: uppercase; color: #52606d; }
h1 { margin: 0 0 1rem; font-size: 1.35rem; }
p { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin: 0 0 .3rem; }
input[type=text], input[type=password] { box-sizing: border-box; width: 100%; font: inherit; padding: .55rem .7rem;
  border: 1px solid #9aa5b1; border-radius: 8px; margin: 0 0 1rem; }
input:focus-visible, button:focus-visible { outline: 3px solid #2b6cb0; outline-offset: 2px; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: .5rem; }
button { font: inherit; font-weight: 600; padding: .6rem 1.1rem; border-radius: 8px; border: 1px solid #1d4f91; cursor: pointer; }
button.primary { background: #1d4f91; color: #fff; }
button.secondary { background: #fff; color: #1d4f91; }
.notice { padding: .6rem .8rem; border-radius: 8px; }
.notice-error { background: #fdecea; color: #8a1c12; }
ul.scopes { margin: 0 0 1rem; padding-left: 1.2rem; }
ul.scopes li { margin: 0 0 .45rem; }
.who { color: #52606d; font-size: .95rem; }
`;

/** The one inline stylesheet, allowed by its hash: the pages load nothing and run no script. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

/**
 * Headers of every sign-in, consent and error page: nothing from elsewhere,
 * no script at all, no framing (clickjacking a consent button), no referrer
 * (the address holds the interaction id). No `form-action`: Chromium applies
 * it to the redirects that follow a form, and the last one goes to the app's
 * loopback address on a port no source expression can name for `[::1]`.
 */
export const SIGN_IN_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

function layout(title: string, eyebrow: string, inner: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="eyebrow">${escapeHtml(eyebrow)}</p>
<h1>${escapeHtml(title)}</h1>
${inner}
</main>
</body>
</html>
`;
}

const errorNotice = (text: string | undefined): string =>
  text ? `<p class="notice notice-error" role="alert">${escapeHtml(text)}</p>` : '';

export interface SignInPageInput {
  readonly action: string;
  readonly accountName: string;
  readonly clientName: string;
  readonly username?: string;
  readonly error?: string;
}

export function signInPage(o: SignInPageInput): string {
  return layout(
    `Sign in to ${o.accountName}`,
    o.clientName,
    `${errorNotice(o.error)}
<form method="post" action="${escapeHtml(o.action)}">
<label for="username">User name or e-mail</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="200" value="${escapeHtml(o.username ?? '')}"${o.username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${o.username ? ' autofocus' : ''}>
<div class="actions">
<button class="primary" type="submit" name="action" value="sign-in">Sign in</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

export interface ConsentPageInput {
  readonly action: string;
  readonly clientName: string;
  readonly userName: string;
  readonly accountName: string;
  /** What the app asks for, one sentence each. */
  readonly permissions: readonly string[];
}

export function consentPage(o: ConsentPageInput): string {
  return layout(
    `Allow ${o.clientName}?`,
    o.accountName,
    `<p class="who">Signed in as ${escapeHtml(o.userName)}</p>
<p>${escapeHtml(o.clientName)} asks to:</p>
<ul class="scopes">
${o.permissions.map((p) => `<li>${escapeHtml(p)}</li>`).join('\n')}
</ul>
<form method="post" action="${escapeHtml(o.action)}">
<div class="actions">
<button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button class="secondary" type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  );
}

export function messagePage(title: string, message: string, detail?: string): string {
  return layout(
    title,
    'Sign-in',
    `<p>${escapeHtml(message)}</p>${detail ? `\n<p class="notice notice-error">${escapeHtml(detail)}</p>` : ''}`,
  );
}
