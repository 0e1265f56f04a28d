import { computed, onScopeDispose, ref, watchEffect, type Ref } from 'vue';
import type { Settings } from '../../../shared/ipc';

export type EffectiveTheme = 'dark' | 'light';

/** Settings.theme wins; 'system' follows prefers-color-scheme, live. */
export function resolveTheme(setting: Settings['theme'], osPrefersDark: boolean): EffectiveTheme {
  if (setting === 'system') return osPrefersDark ? 'dark' : 'light';
  return setting;
}

export function useTheme(setting: Ref<Settings['theme']>): Ref<EffectiveTheme> {
  const media =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const osDark = ref(media?.matches ?? true);
  const onChange = (e: MediaQueryListEvent): void => {
    osDark.value = e.matches;
  };
  media?.addEventListener('change', onChange);
  onScopeDispose(() => media?.removeEventListener('change', onChange));
  const theme = computed(() => resolveTheme(setting.value, osDark.value));
  watchEffect(() => {
    document.documentElement.dataset.theme = theme.value;
  });
  return theme;
}
