import type { AlarmSeverity } from '../../../../shared/interface';

/** One group of the inbox as the list lays it out: its severity (null when not grouped), size and state. */
export interface SectionShape {
  readonly severity: AlarmSeverity | null;
  readonly total: number;
  readonly collapsed: boolean;
}

export type FlatRow =
  | { readonly kind: 'header'; readonly section: number }
  | { readonly kind: 'alarm'; readonly section: number; readonly offset: number };

/**
 * The inbox's rows as one flat list for the virtualiser, without an object per
 * alarm: 100,000 alarms are a few sections with their totals, and a row index
 * is turned into (section, offset) by walking the sections' prefix sums.
 * Grouped, every non-empty section starts with its header; a collapsed one
 * shows only the header.
 */
export class RowIndex {
  readonly count: number;
  private readonly starts: number[] = [];
  private readonly headed: boolean;

  constructor(
    readonly sections: readonly SectionShape[],
    grouped: boolean,
  ) {
    this.headed = grouped;
    let at = 0;
    for (const s of sections) {
      this.starts.push(at);
      at += this.sizeOf(s);
    }
    this.count = at;
  }

  /** The row at a flat index, or null past the end. */
  at(index: number): FlatRow | null {
    if (index < 0 || index >= this.count) return null;
    // The last section starting at or before the index: never an empty one, whose start is its successor's.
    let k = this.starts.length - 1;
    while (k > 0 && this.starts[k]! > index) k--;
    const local = index - this.starts[k]!;
    if (this.headed)
      return local === 0 ? { kind: 'header', section: k } : { kind: 'alarm', section: k, offset: local - 1 };
    return { kind: 'alarm', section: k, offset: local };
  }

  /** The flat index of a section's header (grouped) or first row. */
  startOf(section: number): number {
    return this.starts[section] ?? this.count;
  }

  /** The flat index of an alarm row, or -1 when its section is collapsed or it is past the end. */
  indexOf(section: number, offset: number): number {
    const s = this.sections[section];
    if (!s || s.collapsed || offset < 0 || offset >= s.total) return -1;
    return this.starts[section]! + (this.headed ? 1 : 0) + offset;
  }

  private sizeOf(s: SectionShape): number {
    if (!this.headed) return s.total;
    if (s.total === 0) return 0;
    return s.collapsed ? 1 : 1 + s.total;
  }
}
