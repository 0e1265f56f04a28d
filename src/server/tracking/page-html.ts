import { ASSETS_PREFIX } from './page-assets';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function layout(title: string, bodyClass: string, body: string, scripts: readonly string[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
${scripts.length > 0 ? `<link rel="stylesheet" href="${ASSETS_PREFIX}/leaflet/leaflet.css">\n` : ''}<link rel="stylesheet" href="${ASSETS_PREFIX}/tracking-page.css">
</head>
<body class="${bodyClass}">
${body}
${scripts.map((s) => `<script src="${s}"></script>`).join('\n')}
</body>
</html>
`;
}

export interface ViewerPageOptions {
  /** The link's name, which the app's form promises the viewer sees (never the internal asset name). */
  readonly title: string;
  readonly tileUrl: string;
  readonly tileAttribution: string;
  readonly showEta: boolean;
}

/** The live page: the text is server-rendered, the script fills in the map and the numbers. */
export function viewerPage(o: ViewerPageOptions): string {
  const body = `<header class="bar">
  <p class="eyebrow">Live location</p>
  <h1 id="asset-name">${escapeHtml(o.title)}</h1>
  <p id="status" class="status" role="status" aria-live="polite">Connecting…</p>
  <dl class="facts">
    <div class="fact"><dt>Speed</dt><dd id="speed">–</dd></div>
    <div class="fact"><dt>Last update</dt><dd id="updated">–</dd></div>
    ${o.showEta ? '<div class="fact fact-wide" id="eta-row"><dt>Arrival</dt><dd id="eta"><span class="eta-when">–</span><span class="eta-where">&nbsp;</span></dd></div>' : ''}
  </dl>
</header>
<main class="map-frame">
  <div id="map" class="map" aria-label="Map of the live position"
    data-tile-url="${escapeHtml(o.tileUrl)}" data-tile-attribution="${escapeHtml(o.tileAttribution)}"></div>
  <p id="tiles-note" class="tiles-note" role="status" hidden>Map tiles are unavailable, so the position and track are shown on a plain background.</p>
</main>
<noscript><p class="notice">Turn on JavaScript to see the live map.</p></noscript>`;
  return layout(`${o.title} · live location`, 'viewer', body, [
    `${ASSETS_PREFIX}/leaflet/leaflet.js`,
    `${ASSETS_PREFIX}/tracking-page.js`,
  ]);
}

const card = (title: string, inner: string): string =>
  layout(
    title,
    'gate',
    `<main class="card">
  <p class="eyebrow">Shared live location</p>
  <h1>${escapeHtml(title)}</h1>
  ${inner}
</main>`,
  );

const alert = (kind: 'error' | 'info', text: string | undefined): string =>
  text
    ? `<p class="notice notice-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>`
    : '';

export function emailPage(uuid: string, o: { info?: string; error?: string; withCode: boolean }): string {
  return card(
    'Verify your e-mail address',
    `<p>This location is shared with people who confirm their e-mail address. We will send you a link${
      o.withCode ? ' and a 6-digit code' : ''
    }; it works for 15 minutes.</p>
  ${alert('info', o.info)}${alert('error', o.error)}
  <form method="post" action="/track/${uuid}/email" class="form">
    <label for="email">E-mail address</label>
    <input id="email" name="email" type="email" inputmode="email" autocomplete="email" required maxlength="254">
    <button type="submit">Send me the link</button>
  </form>`,
  );
}

export function codePage(uuid: string, o: { error?: string; email: string }): string {
  return card(
    'Enter your code',
    `<p>Type the 6-digit code from the e-mail we sent to <strong>${escapeHtml(o.email)}</strong>.</p>
  ${alert('error', o.error)}
  <form method="post" action="/track/${uuid}/code" class="form">
    <label for="code">Code</label>
    <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
    <button type="submit">View location</button>
  </form>`,
  );
}

export function signInPage(uuid: string, o: { error?: string }): string {
  return card(
    'Sign in to view',
    `<p>This location is shared with the account's staff only. Sign in with your API token.</p>
  ${alert('error', o.error)}
  <form method="post" action="/track/${uuid}/sign-in" class="form" autocomplete="off">
    <label for="token">API token</label>
    <input id="token" name="token" type="password" autocomplete="off" required maxlength="512">
    <button type="submit">Sign in</button>
  </form>
  <p class="small">The token is checked once and exchanged for a session on this page only; it is not kept in the page.</p>`,
  );
}

/** 404, 410, 429 and other dead ends: a title and one sentence, nothing about the asset. */
export function messagePage(title: string, text: string, action?: { href: string; label: string }): string {
  return card(
    title,
    `<p>${escapeHtml(text)}</p>${action ? `\n  <p><a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>` : ''}`,
  );
}
