/**
 * One request's abort signal, aborted by the first of `sources` (its timeout, the caller's signal, the client's
 * closing), and `release()` to call when the request is over.
 *
 * Not `AbortSignal.any`: a long-lived source (the client's `closed`, alive for the whole session) keeps every
 * observed composite made from it in Node 22, and walks them all each time one is collected
 * (nodejs/node#55351, #64476). At 50,000 assets the sign-in's location sweep spent ~36 s of the core's CPU
 * there, and 3–8 of its requests failed behind it. Listeners removed on release leave nothing on the sources.
 */
export function requestSignal(sources: readonly (AbortSignal | undefined)[]): {
  readonly signal: AbortSignal;
  release(): void;
} {
  const controller = new AbortController();
  const unsubscribe: Array<() => void> = [];
  const release = (): void => {
    for (const off of unsubscribe.splice(0)) off();
  };
  for (const source of sources) {
    if (source === undefined) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const onAbort = (): void => {
      controller.abort(source.reason);
      release();
    };
    source.addEventListener('abort', onAbort, { once: true });
    unsubscribe.push(() => source.removeEventListener('abort', onAbort));
  }
  if (controller.signal.aborted) release();
  return { signal: controller.signal, release };
}
