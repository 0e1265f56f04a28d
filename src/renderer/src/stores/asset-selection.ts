import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import { EMPTY_SELECTION, type ListSelection } from '../features/assets/list-selection';

/**
 * The assets selected in the asset list, several at a time: what a move to a
 * group or a report for several assets acts on. The asset panel's one asset
 * stays the navigation's selection (layout/navigation.ts).
 */
export const useAssetSelection = defineStore('assetSelection', () => {
  const selection = shallowRef<ListSelection>(EMPTY_SELECTION);
  const ids = computed(() => selection.value.ids);
  /** In list order is the list's business; elsewhere (a report's asset_ids) ascending ids will do. */
  const list = computed(() => [...selection.value.ids].sort((a, b) => a - b));
  return {
    selection,
    ids,
    list,
    count: computed(() => selection.value.ids.size),
    set(next: ListSelection): void {
      selection.value = next;
    },
    clear(): void {
      selection.value = EMPTY_SELECTION;
    },
  };
});
