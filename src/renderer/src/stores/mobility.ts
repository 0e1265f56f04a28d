import { defineStore } from 'pinia';
import type { MobilityLinkRequestInput } from '../../../shared/interface';
import type { CachedList, MobilityLink } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { cachedListState } from './cached-list';

/** The account's links to mobility platforms (spec 4.3 `link-mobility`), shown in Settings. */
export const useMobility = defineStore('mobility', () => {
  const links = cachedListState<CachedList<MobilityLink>>(() => call('mobility.list'));
  let off: (() => void) | null = null;

  return {
    links,
    load(): Promise<void> {
      off ??= subscribe('records.changed', ({ family }) => {
        if (family === 'mobility') void links.load();
      });
      return links.load();
    },
    /** `created` is false when the same account was linked already: the service answers the existing link. */
    async link(request: MobilityLinkRequestInput): Promise<{ link: MobilityLink; created: boolean }> {
      const result = await call('mobility.link', { request });
      void links.load();
      return result;
    },
  };
});
