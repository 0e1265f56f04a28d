import { ApiError } from './api-error';

const KIB = 1024;
export const MIB = 1024 * KIB;

/**
 * The length the answer says it has, when that is the length of what will be
 * read. Under a Content-Encoding it is the compressed length: fetch inflates,
 * and a small compressed answer can still be a huge one, which the running
 * count catches.
 */
function declaredLength(headers: Headers): number | null {
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
 * The same answer with a body that fails with `tooLarge()` as soon as it passes `maxBytes`: counted as
 * it arrives, because a Content-Length can lie or be absent (chunked, or inflated from gzip), and the
 * source cancelled there, which closes the connection instead of taking in the rest. An answer that
 * declares too much is refused before its first byte is read. Whoever reads the body (arrayBuffer(), a
 * pipeline to a file, openid-client) meets the error as it reads. Status, headers and the address it
 * came from stay as they were.
 */
export function limitBody(res: Response, maxBytes: number, tooLarge: () => Error): Response {
  const declared = declaredLength(res.headers);
  if (declared !== null && declared > maxBytes) {
    void res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return res;
  let seen = 0;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(tooLarge());
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

/** {@link limitBody} failing with the service's answer-too-large error for `route`. */
export const withBodyLimit = (res: Response, maxBytes: number, route: string): Response =>
  limitBody(res, maxBytes, () => answerTooLarge(route, res.status, maxBytes));

/** The whole body, or that error as soon as it passes `maxBytes`. */
export async function readBodyWithin(res: Response, maxBytes: number, route: string): Promise<Uint8Array> {
  return new Uint8Array(await withBodyLimit(res, maxBytes, route).arrayBuffer());
}
