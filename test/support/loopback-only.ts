import type { BrowserContext } from 'playwright-core';

/** Any http(s) URL whose host is not this computer. */
const NOT_LOOPBACK = /^https?:\/\/(?!(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:[/?#]|$))/i;

export interface LoopbackGuard {
  /** Every non-loopback URL a page of the context asked for (each refused at once). */
  readonly refused: readonly string[];
  /** Throws, naming them, when a page asked the internet for anything. */
  check(): void;
}

/**
 * Nothing in a test reaches the internet: every request a page of `context`
 * makes to a host other than this computer is refused as the network would
 * refuse it offline, and recorded, so that check() fails the test loudly
 * instead of letting the page quietly fall back.
 */
export async function loopbackOnly(context: BrowserContext): Promise<LoopbackGuard> {
  const refused: string[] = [];
  await context.route(NOT_LOOPBACK, (route) => {
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return guardOf(refused, 'The page');
}

/**
 * The benches' way (a Chromium's launch arguments): every host name and address but this computer's
 * fails to resolve, so nothing reaches the internet (map tiles from elsewhere fail at once, as offline).
 * loopbackOnly() does the same by routing, which pauses every request, the app's own included, for a
 * round trip through the test's process, where the browser shell's core also runs: right for a test
 * (it names what was asked), a cost inside the figures a bench times.
 */
export const LOOPBACK_ONLY_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
] as const;

/** A guard over `refused` whose check() names what `who` asked for. */
function guardOf(refused: readonly string[], who: string): LoopbackGuard {
  return {
    refused,
    check() {
      if (refused.length > 0)
        throw new Error(
          `${who} asked the internet for ${refused.length} URL(s); tests use local servers only: ${[
            ...new Set(refused),
          ]
            .slice(0, 5)
            .join(', ')}`,
        );
    },
  };
}

/**
 * The same for a Node process's fetch (the core's, for the service and the
 * tile servers): a non-loopback URL is refused as offline and recorded.
 */
export function loopbackOnlyFetch(inner: typeof fetch): { fetch: typeof fetch; guard: LoopbackGuard } {
  const refused: string[] = [];
  const guarded: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (NOT_LOOPBACK.test(url)) {
      refused.push(url);
      return Promise.reject(
        new TypeError(`fetch failed: ${url} is not on this computer (tests stay offline)`),
      );
    }
    return inner(input, init);
  };
  return { fetch: guarded, guard: guardOf(refused, 'The core') };
}
