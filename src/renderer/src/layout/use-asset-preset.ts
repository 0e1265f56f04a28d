import { ref, watch, type Ref } from 'vue';
import type { ScreenEmits, ScreenIntent, ScreenProps } from './navigation';

/**
 * The asset a screen's form starts on: the app-wide selection at mount, then
 * each intent of `kind` addressed to the screen (navigation.ts). The sequence
 * number lets the form re-apply the same asset when asked twice.
 */
export function useAssetPreset(
  props: ScreenProps,
  emit: ScreenEmits,
  kind: ScreenIntent['kind'],
): { presetAssetId: Ref<number | null>; presetSeq: Ref<number> } {
  const presetAssetId = ref<number | null>(props.assetId);
  const presetSeq = ref(0);
  watch(
    () => props.intent,
    (intent) => {
      if (!intent || intent.kind !== kind) return;
      presetAssetId.value = intent.assetId;
      presetSeq.value += 1;
      emit('intent-handled', intent.seq);
    },
    { immediate: true },
  );
  return { presetAssetId, presetSeq };
}
