import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';

/** What the live map shows: its bounds in degrees and its zoom (for "Make this area available offline"). */
export interface MapView {
  readonly bounds: {
    readonly west: number;
    readonly south: number;
    readonly east: number;
    readonly north: number;
  };
  readonly zoom: number;
}

/** Commands the shortcuts and buttons send to the live map, whichever mounted it. */
export const useMapControls = defineStore('mapControls', () => {
  const following = ref(false);
  const fitRequest = ref(0);
  const theme = ref<'dark' | 'light'>('dark');
  const view = shallowRef<MapView | null>(null);
  return {
    following,
    view,
    fitRequest,
    theme,
    fitFleet: (): void => {
      fitRequest.value += 1;
    },
    toggleFollow: (): void => {
      following.value = !following.value;
    },
  };
});
