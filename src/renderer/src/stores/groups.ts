import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AssetGroup } from '../../../shared/ipc';
import { call, subscribe } from '../api';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const NO_MEMBERS: ReadonlySet<number> = new Set();

/**
 * The fleet's asset groups (spec 4.3 `asset-group`) as main lists them — from
 * the service, or from main's cache with its age when the service cannot be
 * reached — and the group the asset list and the live map are filtered by.
 * Writes go through main and are made now or refused (never queued);
 * `records.changed` for groups lists them again, whoever changed them.
 */
export const useGroups = defineStore('groups', () => {
  const groups = shallowRef<readonly AssetGroup[]>([]);
  const fetchedAt = ref<number | null>(null);
  const fromCache = ref(false);
  const loaded = ref(false);
  const error = ref<string | null>(null);
  /** The group the list and the map show; null: the whole fleet. */
  const filterId = ref<number | null>(null);

  const sorted = computed(() => [...groups.value].sort((a, b) => collator.compare(a.name, b.name)));
  const byId = computed(() => new Map(groups.value.map((g) => [g.id, g])));
  const members = computed(
    () => new Map<number, ReadonlySet<number>>(groups.value.map((g) => [g.id, new Set(g.asset_ids)])),
  );
  /** Each asset's groups: the list puts its row in each group's section. */
  const groupsOf = computed(() => {
    const out = new Map<number, number[]>();
    for (const g of groups.value)
      for (const id of g.asset_ids) {
        const list = out.get(id);
        if (list) list.push(g.id);
        else out.set(id, [g.id]);
      }
    return out as ReadonlyMap<number, readonly number[]>;
  });
  const filter = computed(() => (filterId.value === null ? null : (byId.value.get(filterId.value) ?? null)));
  /** The assets the filter lets through; null when it lets every asset through. */
  const filterMembers = computed<ReadonlySet<number> | null>(() =>
    filterId.value === null ? null : (members.value.get(filterId.value) ?? NO_MEMBERS),
  );

  function apply(list: readonly AssetGroup[], at: number | null, cached: boolean): void {
    groups.value = list;
    fetchedAt.value = at;
    fromCache.value = cached;
    loaded.value = true;
    // A group deleted elsewhere no longer filters anything.
    if (filterId.value !== null && !list.some((g) => g.id === filterId.value)) filterId.value = null;
  }

  function put(group: AssetGroup): void {
    const others = groups.value.filter((g) => g.id !== group.id);
    apply([...others, group], fetchedAt.value, fromCache.value);
  }

  async function load(): Promise<void> {
    try {
      const list = await call('groups.list');
      apply(list.items, list.fetchedAt, list.fromCache);
      error.value = null;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    }
  }

  return {
    groups,
    sorted,
    byId,
    members,
    groupsOf,
    fetchedAt,
    fromCache,
    loaded,
    error,
    filterId,
    filter,
    filterMembers,
    load,
    membersOf: (id: number): ReadonlySet<number> => members.value.get(id) ?? NO_MEMBERS,
    setFilter(id: number | null): void {
      filterId.value = id !== null && byId.value.has(id) ? id : null;
    },
    async create(name: string, description: string | undefined, assetIds: readonly number[]) {
      const g = await call('groups.create', {
        body: { name, ...(description ? { description } : {}), asset_ids: [...assetIds] },
      });
      put(g);
      return g;
    },
    /** The spec's PUT replaces the whole group: its members go along as this store knows them. */
    async rename(id: number, name: string, description: string | undefined) {
      const current = byId.value.get(id);
      const g = await call('groups.update', {
        id,
        body: { name, ...(description ? { description } : {}), asset_ids: [...(current?.asset_ids ?? [])] },
      });
      put(g);
      return g;
    },
    async remove(id: number): Promise<void> {
      await call('groups.remove', { id });
      apply(
        groups.value.filter((g) => g.id !== id),
        fetchedAt.value,
        fromCache.value,
      );
    },
    async assign(groupId: number, add: readonly number[], remove: readonly number[] = []) {
      const g = await call('groups.assign', { groupId, add: [...add], remove: [...remove] });
      put(g);
      return g;
    },
    /** Signed out: the next user sees their own groups. */
    reset(): void {
      apply([], null, false);
      filterId.value = null;
      loaded.value = false;
      error.value = null;
    },
    /** Main's pushes: the family changed or was re-read, or the service is back. */
    listen(): () => void {
      const offs = [
        subscribe('records.changed', (c) => {
          if (c.family === 'groups') void load();
        }),
        subscribe('connection.changed', (s) => {
          // Back online: the cached copy gives way to the service's.
          if (s.service === 'online' && fromCache.value) void load();
        }),
      ];
      return () => offs.forEach((off) => off());
    },
  };
});
