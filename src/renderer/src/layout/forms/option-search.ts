/** One choice of a picker: what is sent, and the line the operator reads and searches. */
export interface PickerOption {
  readonly id: number;
  readonly text: string;
}

/** Case and accents aside ("Müller" is found by "muller"), as an operator types a name. */
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The options whose text holds every word typed, in their order; the chosen
 * one stays listed whatever is typed, so the field never shows a choice its
 * list has lost.
 */
export function searchOptions(
  options: readonly PickerOption[],
  text: string,
  chosen: number | null,
): readonly PickerOption[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => o.id === chosen || words.every((w) => fold(o.text).includes(w)));
}
