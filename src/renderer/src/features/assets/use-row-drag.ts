import { ref, shallowRef } from 'vue';
import type { SectionHeader, SectionKey } from './asset-sections';

/** What is being dragged: the assets, and the group whose section they were picked up from. */
export interface DragPayload {
  readonly ids: readonly number[];
  readonly fromGroupId: number | null;
}

const MIME = 'application/x-fleetdesk-assets';

/**
 * Dragging rows of the asset list onto a group's header (HTML drag and
 * drop): from one group to another is a move, from no group (or with Ctrl
 * held, as file managers copy) an addition; onto "Not in a group" takes them
 * out of the group they came from.
 */
export function useRowDrag(onDrop: (toGroupId: number | null, payload: DragPayload, copy: boolean) => void) {
  const dragging = shallowRef<DragPayload | null>(null);
  const overKey = ref<SectionKey | null>(null);

  const accepts = (h: SectionHeader): boolean => {
    const d = dragging.value;
    if (!d || h.groupId === d.fromGroupId) return false;
    return h.groupId !== null || d.fromGroupId !== null;
  };

  return {
    dragging,
    overKey,
    start(e: DragEvent, payload: DragPayload, label: string): void {
      dragging.value = payload;
      if (!e.dataTransfer) return;
      e.dataTransfer.effectAllowed = 'copyMove';
      e.dataTransfer.setData(MIME, JSON.stringify(payload.ids));
      e.dataTransfer.setData('text/plain', label);
    },
    dragOver(e: DragEvent, h: SectionHeader): void {
      if (!accepts(h)) return;
      e.preventDefault();
      const copy = dragging.value?.fromGroupId === null || e.ctrlKey || e.altKey;
      if (e.dataTransfer) e.dataTransfer.dropEffect = copy ? 'copy' : 'move';
      overKey.value = h.key;
    },
    leave(h: SectionHeader): void {
      if (overKey.value === h.key) overKey.value = null;
    },
    drop(e: DragEvent, h: SectionHeader): void {
      const payload = dragging.value;
      if (!payload || !accepts(h)) return;
      e.preventDefault();
      dragging.value = null;
      overKey.value = null;
      onDrop(h.groupId, payload, e.ctrlKey || e.altKey);
    },
    end(): void {
      dragging.value = null;
      overKey.value = null;
    },
  };
}
