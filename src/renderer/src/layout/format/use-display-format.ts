import { computed, type ComputedRef } from 'vue';
import type { DisplaySettings } from '../../../../shared/ipc';
import { useSettings } from '../../stores/settings';
import { createDisplayFormat, type DisplayFormat } from './display-format';

const KEYS = ['speedUnit', 'distanceUnit', 'volumeUnit', 'timeZone', 'hour24', 'dateFormat'] as const;

/**
 * The display format of the settings main last sent, rebuilt only when a
 * display setting changes (not when the alarm volume does), and then every
 * list that uses it re-renders in the new units at once.
 */
export function useDisplayFormat(): ComputedRef<DisplayFormat> {
  const store = useSettings();
  const display = computed<DisplaySettings>((previous) => {
    const s = store.settings;
    const next: DisplaySettings = {
      speedUnit: s.speedUnit,
      distanceUnit: s.distanceUnit,
      volumeUnit: s.volumeUnit,
      timeZone: s.timeZone,
      hour24: s.hour24,
      dateFormat: s.dateFormat,
    };
    // The same object when nothing shown changed: a computed whose value is unchanged triggers nothing.
    return previous && KEYS.every((k) => previous[k] === next[k]) ? previous : next;
  });
  return computed(() => createDisplayFormat(display.value));
}
