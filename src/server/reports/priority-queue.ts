import type { ReportPriority } from '../../shared/interface';

export interface QueuedItem {
  readonly id: string;
  readonly priority: ReportPriority;
  /** Insertion order; FIFO within a priority. */
  readonly seq: number;
}

const DISPATCH_ORDER: readonly ReportPriority[] = ['high', 'standard', 'low'];

/**
 * The three queues of spec 2.2 (reports_high, reports_standard, reports_low):
 * high is always served before standard before low, FIFO within each.
 */
export class PriorityQueue<T extends QueuedItem> {
  private readonly lanes = new Map<ReportPriority, T[]>(DISPATCH_ORDER.map((p) => [p, []]));

  get size(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.length;
    return n;
  }

  push(item: T): void {
    const lane = this.lane(item.priority);
    // Items normally arrive in seq order; a retried report goes back to its place.
    let i = lane.length;
    while (i > 0 && lane[i - 1]!.seq > item.seq) i--;
    lane.splice(i, 0, item);
  }

  shift(): T | undefined {
    for (const p of DISPATCH_ORDER) {
      const lane = this.lane(p);
      if (lane.length > 0) return lane.shift();
    }
    return undefined;
  }

  remove(id: string): boolean {
    for (const lane of this.lanes.values()) {
      const i = lane.findIndex((x) => x.id === id);
      if (i >= 0) {
        lane.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /** Items served before `id` (in dispatch order), or null when it is not queued. */
  ahead(id: string): T[] | null {
    const out: T[] = [];
    for (const p of DISPATCH_ORDER) {
      for (const item of this.lane(p)) {
        if (item.id === id) return out;
        out.push(item);
      }
    }
    return null;
  }

  /** Everything queued, in dispatch order. */
  items(): T[] {
    return DISPATCH_ORDER.flatMap((p) => this.lane(p));
  }

  private lane(p: ReportPriority): T[] {
    const lane = this.lanes.get(p);
    if (!lane) throw new Error(`unknown priority ${p}`);
    return lane;
  }
}
