import type { LivePosition } from '../../../shared/ipc/views';

/**
 * The most assets outside the list whose fixes are kept at once, and the most the list is known not to
 * have: the largest fleet the app is built to show (docs/architecture.md "National fleets"). A service
 * that sends fixes of ever new ids cannot grow the core's or the renderer's memory past it.
 */
export const UNLISTED_LIMIT = 100_000;

/** What the live fixes of one batch came to. */
export interface Admission {
  readonly admitted: readonly LivePosition[];
  /** An asset not in the list sent its first fix: the list is asked for again soon. */
  readonly newcomer: boolean;
}

/** What a list fetched from the service settled (docs/architecture.md "The fleet"). */
export interface Settlement {
  /** Assets to drop from the live positions: a list fetched after their first fix does not have them. */
  readonly forget: readonly number[];
  /** Assets still waiting for a list fetched after their first fix. */
  readonly waiting: number;
  /** Fixes dropped since the last list because `limit` unlisted assets were kept already. */
  readonly dropped: number;
}

/**
 * Live fixes of assets the asset list does not have. Spec 6.2 says nothing of them; they come from an asset
 * added after the list was fetched (shown at once, as "Asset 123", until the list names it), and from a
 * service whose channel carries assets this user's list leaves out (which the app must not show). A list
 * fetched after an asset's first fix tells the two apart: what it names becomes an ordinary asset, what it
 * leaves out is forgotten, and its later fixes are dropped while lists keep leaving it out.
 */
export class UnlistedAssets {
  /** Unlisted assets whose fixes are kept, with when the first came (`now`'s clock). */
  private readonly waiting = new Map<number, number>();
  /** Assets a list fetched after their first fix did not name. */
  private readonly refused = new Set<number>();
  private dropped = 0;

  constructor(private readonly limit = UNLISTED_LIMIT) {}

  admit(positions: readonly LivePosition[], listed: (assetId: number) => boolean, now: number): Admission {
    let newcomer = false;
    const admitted = positions.filter((p) => {
      if (listed(p.assetId) || this.waiting.has(p.assetId)) return true;
      if (this.refused.has(p.assetId)) return false;
      if (this.waiting.size >= this.limit) {
        this.dropped++;
        return false;
      }
      this.waiting.set(p.assetId, now);
      newcomer = true;
      return true;
    });
    return { admitted, newcomer };
  }

  /** A list came from the service; `askedAt` is when it was asked for (`now`'s clock). */
  settle(listed: (assetId: number) => boolean, askedAt: number): Settlement {
    for (const id of this.refused) if (listed(id)) this.refused.delete(id);
    const forget: number[] = [];
    for (const [id, firstAt] of this.waiting) {
      if (listed(id)) this.waiting.delete(id);
      else if (firstAt < askedAt) {
        this.waiting.delete(id);
        forget.push(id);
        if (this.refused.size < this.limit) this.refused.add(id);
      }
    }
    const dropped = this.dropped;
    this.dropped = 0;
    return { forget, waiting: this.waiting.size, dropped };
  }
}
