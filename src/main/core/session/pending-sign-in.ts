import type * as client from 'openid-client';
import { authorizeInBrowser, type GrantedTokens } from './oauth/browser-authorization';
import { SignInError } from './sign-in-error';

/** How long a sign-in waits for the operator in the browser (the service keeps its page an hour). */
export const SIGN_IN_WAIT_MS = 15 * 60_000;

export interface PendingSignIns {
  /**
   * One authorization in the browser at a time: starting one cancels the one under way.
   * `shown`: the operator is told to continue in the browser (SessionView.pendingSignIn).
   */
  run(
    config: client.Configuration,
    address: string,
    open: (url: string) => Promise<void>,
    shown: boolean,
  ): Promise<GrantedTokens>;
  /** The sign-in the operator is asked to finish in the browser, if any. */
  shown(): { readonly address: string } | null;
  cancel(reason: string): void;
  /** Opens the page of the sign-in under way again. */
  openAgain(): Promise<void>;
}

interface Pending {
  readonly address: string;
  readonly shown: boolean;
  readonly abort: AbortController;
  /** Set once the page was opened. */
  reopen: (() => Promise<void>) | null;
}

export function createPendingSignIns(o: {
  readonly closed: AbortSignal;
  readonly waitMs?: number;
  onChange(): void;
}): PendingSignIns {
  let pending: Pending | null = null;

  return {
    async run(config, address, open, shown) {
      pending?.abort.abort(new SignInError('cancelled', 'Another sign-in was started.'));
      const mine: Pending = { address, shown, abort: new AbortController(), reopen: null };
      pending = mine;
      if (shown) o.onChange();
      const waited = AbortSignal.timeout(o.waitMs ?? SIGN_IN_WAIT_MS);
      const timedOut = (): void =>
        mine.abort.abort(
          new SignInError(
            'cancelled',
            `The sign-in waited ${Math.round((o.waitMs ?? SIGN_IN_WAIT_MS) / 60_000)} minutes for the browser and was stopped. Sign in again.`,
          ),
        );
      waited.addEventListener('abort', timedOut, { once: true });
      const quit = (): void => mine.abort.abort(new SignInError('cancelled', 'Fleetdesk is closing.'));
      o.closed.addEventListener('abort', quit, { once: true });
      try {
        return await authorizeInBrowser({
          config,
          signal: mine.abort.signal,
          async open(url) {
            mine.reopen = () => open(url);
            await open(url);
          },
        });
      } finally {
        waited.removeEventListener('abort', timedOut);
        o.closed.removeEventListener('abort', quit);
        if (pending === mine) {
          pending = null;
          if (shown) o.onChange();
        }
      }
    },
    shown: () => (pending?.shown ? { address: pending.address } : null),
    cancel(reason) {
      pending?.abort.abort(new SignInError('cancelled', reason));
    },
    async openAgain() {
      const reopen = pending?.reopen;
      if (!reopen) throw new SignInError('invalid', 'No sign-in is waiting for the browser.');
      await reopen();
    },
  };
}
