import { defineStore } from 'pinia';
import { ref } from 'vue';

/** Commands the shortcuts and buttons send to the live map, whichever mounted it. */
export const useMapControls = defineStore('mapControls', () => {
  const following = ref(false);
  const fitRequest = ref(0);
  const theme = ref<'dark' | 'light'>('dark');
  return {
    following,
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
