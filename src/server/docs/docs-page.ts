import { z } from 'zod';
import type { RouteDoc } from '../http/route-doc';
import { BEARER_REALM } from '../http/bearer-challenge';
import { DEPRECATION_WARNING_DAYS } from '../http/deprecation';
import { openApiPath } from './openapi';
import { OPENAPI_PATH } from './portal-routes';

const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The parts of a generated OpenAPI operation the page shows; parsed, not trusted. */
const operationView = z.object({
  description: z.string().optional(),
  parameters: z.array(
    z.object({
      name: z.string(),
      in: z.string(),
      required: z.boolean(),
      schema: z.unknown(),
      description: z.string().optional(),
    }),
  ),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.unknown() })) }).optional(),
  responses: z.record(
    z.string(),
    z.object({
      description: z.string(),
      headers: z.record(z.string(), z.unknown()).optional(),
      content: z.record(z.string(), z.object({ schema: z.unknown().optional() })).optional(),
    }),
  ),
});

const schemaBlock = (label: string, schema: unknown): string =>
  schema === undefined
    ? ''
    : `<details><summary>${esc(label)}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`;

const typeOf = (schema: unknown): string => {
  const t = z.object({ type: z.union([z.string(), z.array(z.string())]) }).safeParse(schema);
  return t.success ? [t.data.type].flat().join(' | ') : 'value';
};

function routeSection(doc: RouteDoc, op: unknown): string {
  const view = operationView.parse(op);
  const d = doc.deprecation;
  const params = view.parameters
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(typeOf(p.schema))}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td>${esc(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = view.requestBody
    ? Object.entries(view.requestBody.content)
        .map(([type, c]) => schemaBlock(`Request body (${type})`, c.schema))
        .join('')
    : '';
  const responses = Object.entries(view.responses)
    .map(([code, r]) => {
      const entries = Object.entries(r.content ?? {});
      const types = entries.map(([type]) => type).join(', ');
      const schema = entries[0]?.[1].schema;
      const headers = Object.keys(r.headers ?? {});
      return (
        `<li><span class="code c${esc(code[0] ?? '')}">${esc(code)}</span> ${esc(r.description)}` +
        `${types ? ` <small>${esc(types)}</small>` : ' <small>no content</small>'}` +
        `${headers.length > 0 ? ` <small>headers: ${headers.map((h) => `<code>${esc(h)}</code>`).join(', ')}</small>` : ''}` +
        `${schemaBlock('schema', schema)}</li>`
      );
    })
    .join('');
  return `<section class="route${d ? ' deprecated' : ''}">
  <h3><span class="m ${doc.method.toLowerCase()}">${doc.method}</span> <code>${esc(doc.url)}</code>${d ? ' <span class="dep">deprecated</span>' : ''}${doc.auth === 'bearer' ? ' <span class="auth" title="Needs a Bearer token">Bearer</span>' : ''}</h3>
  <p>${esc(doc.summary)}</p>${view.description ? `<p class="desc">${esc(view.description)}</p>` : ''}
  ${params ? `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Required</th><th></th></tr>${params}</table>` : ''}
  ${body}<ul class="responses">${responses}</ul>
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:1.2rem 2rem}header a{color:#9cc3ff}
main{max-width:980px;margin:0 auto;padding:1rem 2rem 4rem}nav{columns:3;margin:1rem 0}nav a{display:block}
h2{border-bottom:2px solid #d9dde5;padding-top:1rem}.route{background:#fff;border:1px solid #d9dde5;border-radius:6px;padding:.6rem 1rem;margin:.8rem 0}
.route.deprecated{border-left:4px solid #c77700}h3{margin:.2rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#2f7d32}.post{background:#1f5fbf}.put{background:#8a5a00}.delete{background:#b3261e}
.dep{background:#c77700;color:#fff;border-radius:4px;font-size:.75rem;padding:.1rem .4rem}
table{border-collapse:collapse;margin:.4rem 0}td,th{border:1px solid #e3e6eb;padding:.2rem .5rem;text-align:left;font-size:.9rem}
.code{font-weight:600}.c2{color:#2f7d32}.c4{color:#b3261e}.c5{color:#8a1c1c}pre{background:#f0f2f5;padding:.5rem;overflow:auto;font-size:.8rem}
.desc{color:#4a5263}.auth{border:1px solid #8a93a6;color:#4a5263;border-radius:4px;font-size:.7rem;padding:0 .3rem;font-weight:400}td.date{white-space:nowrap}ul.responses{padding-left:1.2rem}`;

/** A readable, self-contained page of the OpenAPI document: no scripts, no CDN, no external requests. */
export function renderDocsPage(docs: readonly RouteDoc[], openapi: Record<string, unknown>): string {
  const paths = z.record(z.string(), z.record(z.string(), z.unknown())).parse(openapi.paths);
  const opOf = (doc: RouteDoc): unknown => paths[openApiPath(doc.url)]?.[doc.method.toLowerCase()];
  const tags = [...new Set(docs.map((d) => d.tag))];
  const slug = (t: string): string => t.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const deprecated = docs.filter((d) => d.deprecation);
  const sections = tags
    .map(
      (tag) =>
        `<h2 id="${slug(tag)}">${esc(tag)}</h2>` +
        docs
          .filter((d) => d.tag === tag)
          .map((d) => routeSection(d, opOf(d)))
          .join('\n'),
    )
    .join('\n');
  const depRows = deprecated
    .map(
      (d) =>
        `<tr><td><code>${d.method} ${esc(d.url)}</code></td><td class="date">${d.deprecation?.deprecatedAt.slice(0, 10)}</td>` +
        `<td class="date">${d.deprecation?.sunsetAt.slice(0, 10)}</td><td><code>${esc(d.deprecation?.successor ?? '')}</code></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Fleetdesk service — API documentation</title><style>${STYLE}</style></head><body>
<header><h1>Fleetdesk local fleet service</h1>
<p>The reporting interface and the fleet tracking interface. Machine-readable: <a href="${OPENAPI_PATH}">OpenAPI 3.1</a>.
Every route marked <span class="auth">Bearer</span> needs <code>Authorization: Bearer &lt;token&gt;</code>.</p></header>
<main><nav>${tags.map((t) => `<a href="#${slug(t)}">${esc(t)}</a>`).join('')}<a href="#deprecations">Deprecations</a></nav>
<h2>Errors</h2><p>400: <code>{status:"error", message, errors:{field:[messages]}}</code>; 401: <code>{message}</code>
with <code>WWW-Authenticate: Bearer realm="${BEARER_REALM}"</code>, plus <code>error="invalid_token"</code> when the
token sent is not accepted (RFC 6750); 403, 404, 409, 410, 413, 415, 421, 429, 503: <code>{status:"error", message}</code>.
Unknown routes answer 404 in JSON. Ids and numbers in paths and query strings are plain decimal digits: no sign, no
leading zeros, no spaces, no exponent, no hex (anything else is a 400 naming the parameter). Every route lists every
status it can answer. Every route answers 421 to a <code>Host</code> header that is not one of the names the service
was started for (loopback names and addresses, its listen address), so a page that rebinds its own domain to this
machine reads nothing.</p>
${sections}
<h2 id="deprecations">Deprecations</h2>
<p>A deprecated route keeps answering for ${DEPRECATION_WARNING_DAYS} days (spec 9) and says so in every answer with the
standard headers: <code>Deprecation: @&lt;epoch seconds&gt;</code> (RFC 9745), <code>Sunset: &lt;HTTP-date&gt;</code>
(RFC 8594) and <code>Link: &lt;/docs#deprecations&gt;; rel="deprecation"</code>. From its Sunset on it is removed:
it answers <code>410 Gone</code> with <code>{status:"error", message}</code> naming its replacement, still with those
headers, and does nothing.</p>
<table><tr><th>Route</th><th>Deprecated</th><th>Sunset</th><th>Use instead</th></tr>${depRows}</table>
</main></body></html>`;
}
