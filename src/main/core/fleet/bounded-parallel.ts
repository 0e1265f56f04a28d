/** Runs `task` over `items`, at most `concurrency` at a time; results in input order, failures as null. */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
  onError: (item: T, err: unknown) => void = () => undefined,
): Promise<(R | null)[]> {
  const out: (R | null)[] = new Array<R | null>(items.length).fill(null);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      const item = items[i] as T;
      try {
        out[i] = await task(item);
      } catch (err) {
        onError(item, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  return out;
}
