import { tagSchema, type Tag, type TagRequestInput } from '../../../shared/interface';
import type { CachedList } from '../../../shared/ipc/fleet-admin-views';
import { WHOLE } from '../cache/record-cache-store';
import type { AdminContext } from '../records/admin-context';
import { createListCache } from '../records/list-cache';
import { write } from '../records/service-calls';

/**
 * Spec 4.3 `tag`: the account's Bluetooth tags and beacons (the beacon
 * report forms pick from this list). MACs are checked with the service's
 * schema before sending; a MAC the service already knows is its 400 on `mac`.
 */
export interface TagRegister {
  list(): Promise<CachedList<Tag>>;
  create(body: TagRequestInput): Promise<Tag>;
  replace(id: number, body: TagRequestInput): Promise<Tag>;
}

export function createTagRegister(ctx: AdminContext): TagRegister {
  const cache = createListCache(ctx, 'tags', tagSchema, () => 0);
  const stored = (tag: Tag): Tag => {
    cache.put(tag);
    ctx.changed(tag.asset_id === null ? { family: 'tags' } : { family: 'tags', assetId: tag.asset_id });
    return tag;
  };
  return {
    list: () => cache.list(WHOLE, (api) => api.account.tags()),
    create: async (body) => stored(await write(ctx, (api) => api.account.createTag(body))),
    replace: async (id, body) => stored(await write(ctx, (api) => api.account.replaceTag(id, body))),
  };
}
