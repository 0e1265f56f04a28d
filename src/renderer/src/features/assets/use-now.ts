import { onScopeDispose, ref, watch, type Ref } from 'vue';

/** A clock for "2 min ago" labels: one timer for the whole list, not one per row. */
export function useNow(periodMs = 1000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), periodMs);
  onScopeDispose(() => clearInterval(timer));
  return now;
}

/**
 * Follows a fast-changing counter at most once per period: the list re-sorts
 * 10,000 rows once a second, not on every live batch.
 */
export function useThrottled(source: Ref<number>, periodMs: number): Ref<number> {
  const out = ref(source.value);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  watch(source, () => {
    if (timer) return;
    const wait = Math.max(0, periodMs - (Date.now() - last));
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      out.value = source.value;
    }, wait);
  });
  onScopeDispose(() => {
    if (timer) clearTimeout(timer);
  });
  return out;
}
