import { ApiError } from './api-error';

const KIB = 1024;
export const MIB = 1024 * KIB;

/**
 * The length the answer says it has, when that is the length of what will be
 * read. Under a Content-Encoding it is the compressed length: fetch inflates,
 * and a small compressed answer can still be a huge one, which the running
 * count catches.
 */
export function declaredLength(headers: Headers): number | null {
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return null;
  const raw = headers.get('content-length')?.trim();
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** A limit as people read it: `64 MiB`, `512 KiB`, or bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= KIB && bytes % KIB === 0) return `${bytes / KIB} KiB`;
  return `${bytes} bytes`;
}

export function answerTooLarge(route: string, status: number, maxBytes: number): ApiError {
  return new ApiError({
    kind: 'bad_response',
    route,
    status,
    message: `The service's answer to ${route} is larger than ${sizeText(maxBytes)}, the most Fleetdesk reads of it; it was not read.`,
  });
}

/**
 * The whole body, or an ApiError as soon as it passes `maxBytes`: counted as
 * it arrives, because a Content-Length can lie or be absent (chunked, or
 * inflated from gzip), and cancelled there, which closes the connection
 * instead of taking in the rest. An answer that declares too much is refused
 * before its first byte is read.
 */
export async function readBodyWithin(res: Response, maxBytes: number, route: string): Promise<Uint8Array> {
  const declared = declaredLength(res.headers);
  if (declared !== null && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw answerTooLarge(route, res.status, maxBytes);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw answerTooLarge(route, res.status, maxBytes);
    }
    chunks.push(value);
  }
  // One fresh buffer, as arrayBuffer() gave: the chunks may be views into the socket's pooled buffers.
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The same answer with a body that fails once past `maxBytes`, for a library that reads answers itself
 * through a fetch it is given (openid-client): the source is cancelled there, which closes the connection.
 * Status, headers and the address it came from stay as they were.
 */
export function withBodyLimit(res: Response, maxBytes: number, route: string): Response {
  const declared = declaredLength(res.headers);
  if (declared !== null && declared > maxBytes) {
    void res.body?.cancel().catch(() => undefined);
    throw answerTooLarge(route, res.status, maxBytes);
  }
  if (!res.body) return res;
  let seen = 0;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(answerTooLarge(route, res.status, maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  // A Response made here has no address; oauth4webapi reads it to tell which endpoint answered.
  Object.defineProperty(limited, 'url', { value: res.url });
  Object.defineProperty(limited, 'redirected', { value: res.redirected });
  return limited;
}
