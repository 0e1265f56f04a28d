import { nextTick, onScopeDispose, ref, watch, type Ref } from 'vue';
import type { WorkBudget } from '../../layout/work-budget';

/** A clock for "2 min ago" labels: one timer for the whole list, not one per row. */
export function useNow(periodMs = 1000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), periodMs);
  onScopeDispose(() => clearInterval(timer));
  return now;
}

/**
 * Follows a fast-changing counter at most once per the budget's period: the list re-sorts 10,000 rows
 * once a second, not on every live batch, and 50,000 less often (work-budget.ts). The cost recorded is
 * the render that follows the change, which is where the rows are worked out.
 */
export function useThrottled(source: Ref<number>, budget: WorkBudget): Ref<number> {
  const out = ref(source.value);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  watch(source, () => {
    if (timer) return;
    const wait = Math.max(0, budget.periodMs - (Date.now() - last));
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      const began = performance.now();
      out.value = source.value;
      void nextTick(() => budget.record(performance.now() - began));
    }, wait);
  });
  onScopeDispose(() => {
    if (timer) clearTimeout(timer);
  });
  return out;
}
