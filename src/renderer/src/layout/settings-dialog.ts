import { defineStore } from 'pinia';
import { ref } from 'vue';

/** Whether the Settings dialog is open: App.vue shows it, and a screen may ask for it (the alarm thresholds). */
export const useSettingsDialog = defineStore('settingsDialog', () => {
  const open = ref(false);
  return {
    open,
    show: (): void => {
      open.value = true;
    },
    close: (): void => {
      open.value = false;
    },
  };
});
