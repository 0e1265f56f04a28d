import FindMyWay from 'find-my-way';
import { z } from 'zod';
import { openApiPath } from '../../../src/server/docs/openapi';
import type { PublishedDocument } from './published-openapi';

/** One request of the crawl and what the service answered. */
export interface Observation {
  readonly method: string;
  /** Path and query, as sent. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  /** Bytes of the body; an event stream is not read. */
  readonly bodyBytes: number;
  /** The body as text (empty for an event stream). */
  readonly text: string;
}

export interface CrawlRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array | FormData;
}

/** Sends one request as a client would, without following redirects (a 303 is an answer). */
export async function observe(baseUrl: string, r: CrawlRequest): Promise<Observation | null> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    // fetch itself refuses some requests (a body on OPTIONS, …): they test nothing about the service.
    if (err instanceof TypeError) return null;
    throw err;
  }
  const contentType = res.headers.get('content-type');
  let bytes = Buffer.alloc(0);
  if (contentType?.startsWith('text/event-stream')) await res.body?.cancel();
  else bytes = Buffer.from(await res.arrayBuffer());
  return {
    method: r.method,
    path: r.path,
    status: res.status,
    contentType,
    bodyBytes: bytes.length,
    text: bytes.toString('utf8'),
  };
}

const routeListSchema = z.object({ data: z.array(z.object({ method: z.string(), url: z.string() })) });

/**
 * Which registered route answered a request, decided by find-my-way, the
 * router fastify itself uses, with the service's settings (http/app.ts):
 * the test does not guess fastify's precedence of static over parametric
 * segments.
 */
export async function routeResolver(
  baseUrl: string,
): Promise<(method: string, path: string) => { method: string; url: string } | null> {
  const routes = routeListSchema.parse(await (await fetch(`${baseUrl}/docs/routes.json`)).json()).data;
  const router = FindMyWay({ maxParamLength: 200 });
  for (const r of routes) router.on(r.method as FindMyWay.HTTPMethod, r.url, () => undefined, r);
  return (method, path) => {
    try {
      const found = router.find(method as FindMyWay.HTTPMethod, path.split('?')[0] ?? '');
      return found ? z.object({ method: z.string(), url: z.string() }).parse(found.store) : null;
    } catch {
      // A path find-my-way cannot decode is refused before any route (spec 7's 400, http/app.ts).
      return null;
    }
  };
}

/** What is wrong between one answer and the document, if anything. */
export function undocumented(
  doc: PublishedDocument,
  route: { method: string; url: string },
  o: Observation,
): string | null {
  // Fastify answers HEAD with the GET route; the document describes the GET.
  const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
  const op = doc.paths[openApiPath(route.url)]?.[method];
  const where = `${route.method} ${route.url} (${o.method} ${o.path.slice(0, 120)})`;
  if (!op) return `${where}: not in the document`;
  const documented = op.responses[String(o.status)];
  if (!documented) return `${where}: answered ${o.status}, documented ${Object.keys(op.responses).join(' ')}`;
  if (o.method === 'HEAD') return null;
  const types = Object.keys(z.record(z.string(), z.unknown()).catch({}).parse(documented.content));
  if (types.length === 0)
    return o.bodyBytes === 0
      ? null
      : `${where}: ${o.status} documented without content, sent ${o.bodyBytes} bytes`;
  const sent = (o.contentType ?? '').split(';')[0]?.trim() ?? '';
  if (o.bodyBytes > 0 && !types.some((t) => t === '*/*' || t === sent))
    return `${where}: ${o.status} sent ${sent || 'no type'}, documented ${types.join(', ')}`;
  return null;
}
