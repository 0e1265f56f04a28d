import { ApiError } from '../api/api-error';
import type { FleetAdminApi } from '../api/fleet-admin-api';
import { CoreError } from '../core-error';
import type { AdminContext } from './admin-context';

/**
 * How spec 4.3 calls meet the network (docs/interface-decisions.md "The
 * desktop client"): reads fall back to the cache when the service cannot be
 * reached; writes are made now or refused with a reason, never kept to be
 * sent later behind the operator's back.
 */

const transient = (err: unknown): boolean => err instanceof ApiError && err.transient;

/** A bare status text, which says nothing the code does not. */
const GENERIC_REFUSAL = /^(forbidden|access denied|this action is unauthorized)\.?$/i;

/**
 * A service refusal in words an operator can act on (spec 5: access per user and asset): the service's
 * own reason when it gives one ("You do not have access to this asset."), else what the rule is.
 */
export function explained(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  if (err.kind === 'forbidden') {
    const reason = err.message.trim();
    return new CoreError(
      'forbidden',
      reason === '' || GENERIC_REFUSAL.test(reason)
        ? 'Your account may not do this: only the assets you have been given access to can be seen or changed.'
        : `Your account may not do this: ${reason}`,
    );
  }
  return err;
}

/** Reads from the service, or, when it cannot be reached or a new sign-in is needed, from the cache. */
export async function readThrough<T>(
  ctx: AdminContext,
  fetch: (api: FleetAdminApi, scope: string) => Promise<T>,
  cached: (scope: string) => T,
): Promise<T> {
  const scope = ctx.scope();
  if (scope === null) throw new CoreError('unauthorized', 'Not signed in.');
  const api = ctx.api();
  if (!api) return cached(scope);
  try {
    return await fetch(api, scope);
  } catch (err) {
    if (transient(err)) return cached(scope);
    throw explained(err);
  }
}

/** Makes a change now, or says why it was not made. */
export async function write<T>(
  ctx: AdminContext,
  change: (api: FleetAdminApi, scope: string) => Promise<T>,
): Promise<T> {
  const scope = ctx.scope();
  const api = ctx.api();
  if (scope === null || !api)
    throw new CoreError(
      'unauthorized',
      scope === null ? 'Not signed in.' : 'Sign in again to make changes; nothing was changed.',
    );
  try {
    return await change(api, scope);
  } catch (err) {
    throw refusedWrite(err);
  }
}

function refusedWrite(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  switch (err.kind) {
    case 'offline':
      return new CoreError(
        'offline',
        'The service cannot be reached, so nothing was changed. Changes are never kept to be sent later: try again when the service is back.',
      );
    case 'timeout':
      return new CoreError(
        'timeout',
        'The service did not answer in time: the change may or may not have been made. Look at the list again before trying once more.',
      );
    case 'unavailable': {
      const wait = Math.ceil((err.retryAfterMs ?? 30_000) / 1000);
      return new CoreError(
        'unavailable',
        `The service is too busy to take changes (HTTP 503), so nothing was changed. Try again in ${wait} s.`,
      );
    }
    default:
      return explained(err);
  }
}
