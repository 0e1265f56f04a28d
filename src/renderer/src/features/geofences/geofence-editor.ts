import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { GeofenceShape } from '../../../../shared/interface';
import type { GeofenceView, ItemSource } from '../../../../shared/ipc/alarm-views';

export interface GeofenceRef {
  readonly source: ItemSource;
  readonly id: number;
}

/**
 * idle: the map is the map. drawing: Geoman is drawing a new shape (clicks add
 * points). draft: a new shape is drawn and can be adjusted before it is named
 * and saved. reshape: an existing geofence's points or radius are being moved.
 */
export type EditorMode = 'idle' | 'drawing' | 'draft' | 'reshape';

export const sameGeofence = (a: GeofenceRef | null, b: GeofenceRef | null): boolean =>
  a !== null && b !== null && a.id === b.id && a.source === b.source;

/**
 * The geofence tools' state, shared by the panel beside the map (what the
 * operator asks for) and the map layer (which has the Leaflet map and
 * Geoman, and does it).
 */
export const useGeofenceEditor = defineStore('geofenceEditor', () => {
  const panelOpen = ref(false);
  const mode = ref<EditorMode>('idle');
  const drawKind = ref<GeofenceShape['type']>('polygon');
  /** The geofence being reshaped. */
  const editing = shallowRef<GeofenceView | null>(null);
  /** The shape drawn or reshaped, not saved yet. */
  const draft = shallowRef<GeofenceShape | null>(null);
  /** The geofence whose actions are open (in the list or on the map). */
  const focused = shallowRef<GeofenceRef | null>(null);
  /** The map's card of a clicked geofence, at container pixels. */
  const context = shallowRef<{ readonly ref: GeofenceRef; readonly x: number; readonly y: number } | null>(
    null,
  );
  /** Bumped to bring a geofence into view on the map. */
  const viewRequest = shallowRef<{ readonly ref: GeofenceRef; readonly seq: number } | null>(null);
  let seq = 0;

  return {
    panelOpen,
    mode,
    drawKind,
    editing,
    draft,
    focused,
    context,
    viewRequest,
    /** The map's clicks belong to the drawing and editing tools: they select no asset. */
    capturesClicks: computed(() => mode.value !== 'idle'),
    startDraw(kind: GeofenceShape['type']): void {
      context.value = null;
      editing.value = null;
      draft.value = null;
      drawKind.value = kind;
      mode.value = 'drawing';
      panelOpen.value = true;
    },
    drawn(shape: GeofenceShape): void {
      draft.value = shape;
      if (mode.value === 'drawing') mode.value = 'draft';
    },
    startReshape(g: GeofenceView): void {
      context.value = null;
      editing.value = g;
      draft.value = g.shape;
      focused.value = { source: g.source, id: g.id };
      mode.value = 'reshape';
      panelOpen.value = true;
    },
    /** Saved or cancelled: back to the plain map. */
    finish(): void {
      mode.value = 'idle';
      draft.value = null;
      editing.value = null;
    },
    focus(ref: GeofenceRef | null): void {
      focused.value = ref;
    },
    openContext(ref: GeofenceRef, x: number, y: number): void {
      focused.value = ref;
      context.value = { ref, x, y };
    },
    closeContext(): void {
      context.value = null;
    },
    show(ref: GeofenceRef): void {
      focused.value = ref;
      viewRequest.value = { ref, seq: ++seq };
    },
  };
});
