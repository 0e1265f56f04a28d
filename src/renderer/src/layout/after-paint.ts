import { onScopeDispose, shallowRef, watch, type ShallowRef } from 'vue';

/**
 * Follows `source`, each new value once the frame after its change has been painted. A screen shows
 * what matters first and the rest a frame later: the History screen draws a month's track in the task
 * that receives it and would otherwise render its side panel and speed chart in that task too, holding
 * back the frame with the track (docs/architecture.md "History and replay").
 *
 * requestAnimationFrame runs just before a frame's paint and a task queued from it runs after that paint.
 * A hidden page paints no frames, so there the value follows at once. A newer value replaces one still
 * waiting.
 */
export function useAfterPaint<T>(source: () => T): Readonly<ShallowRef<T>> {
  const out = shallowRef(source());
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = (): void => {
    if (frame) cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
    frame = 0;
    timer = null;
  };
  watch(source, (value) => {
    cancel();
    if (document.visibilityState === 'hidden') {
      out.value = value;
      return;
    }
    frame = requestAnimationFrame(() => {
      frame = 0;
      timer = setTimeout(() => {
        timer = null;
        out.value = value;
      }, 0);
    });
  });
  onScopeDispose(cancel);
  return out;
}
