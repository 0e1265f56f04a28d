import { defineStore } from 'pinia';
import type { TagRequestInput } from '../../../shared/interface';
import type { CachedList, Tag } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { cachedListState } from './cached-list';

/** The account's Bluetooth tags and beacons (spec 4.3 `tag`). */
export const useTags = defineStore('tags', () => {
  const tags = cachedListState<CachedList<Tag>>(() => call('tags.list'));
  let off: (() => void) | null = null;

  const after = async (write: Promise<Tag>): Promise<Tag> => {
    const tag = await write;
    void tags.load();
    return tag;
  };

  return {
    tags,
    load(): Promise<void> {
      off ??= subscribe('records.changed', ({ family }) => {
        if (family === 'tags') void tags.load();
      });
      return tags.load();
    },
    create: (body: TagRequestInput): Promise<Tag> => after(call('tags.create', { body })),
    /** Replaces the tag's name, MAC, portable flag and asset, as the service's PUT does. */
    update: (id: number, body: TagRequestInput): Promise<Tag> => after(call('tags.update', { id, body })),
  };
});
