import {
  mobilityLinkSchema,
  type MobilityLink,
  type MobilityLinkRequestInput,
} from '../../../shared/interface';
import type { CachedList } from '../../../shared/ipc/fleet-admin-views';
import { CoreError } from '../core-error';
import { WHOLE } from '../cache/record-cache-store';
import type { AdminContext } from '../records/admin-context';
import { createListCache } from '../records/list-cache';
import { write } from '../records/service-calls';

/** Spec 4.3 `link-mobility`: the account's links to mobility platforms (Settings). */
export interface MobilityLinks {
  list(): Promise<CachedList<MobilityLink>>;
  link(request: MobilityLinkRequestInput): Promise<{ link: MobilityLink; created: boolean }>;
}

export function createMobilityLinks(
  ctx: AdminContext,
  /** The service refused to link the whole account for this user (403): the access model learns it. */
  onWholeAccountRefused: () => void,
): MobilityLinks {
  const cache = createListCache(ctx, 'mobility', mobilityLinkSchema, () => 0);
  return {
    list: () => cache.list(WHOLE, (api) => api.account.mobilityLinks()),
    async link(request) {
      try {
        const result = await write(ctx, (api) => api.account.linkMobility(request));
        cache.put(result.link);
        ctx.changed({ family: 'mobility' });
        return result;
      } catch (err) {
        if (request.asset_ids === undefined && err instanceof CoreError && err.code === 'forbidden')
          onWholeAccountRefused();
        throw err;
      }
    },
  };
}
