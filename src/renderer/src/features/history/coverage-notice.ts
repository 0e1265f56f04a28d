import type { HistoryCoverage } from '../../../../shared/ipc';

export interface CoverageNotice {
  /** 'so-far' is not a warning: a range that ends now cannot hold fixes still to come. */
  readonly tone: 'offline' | 'warning' | 'so-far';
  readonly text: string;
}

/**
 * How far short of a range's end the complete part may stop and the range still read as "so far":
 * the core calls the last two minutes unsettled (docs/interface-decisions.md), plus the time the
 * request took.
 */
export const SO_FAR_MS = 5 * 60_000;

/** The asked range, when it was asked for, and whether it starts today (the operator's day). */
export interface AskedRange {
  readonly start: number;
  readonly end: number;
  readonly askedAt: number;
  readonly today: boolean;
}

/**
 * What the banner above a history says about where the data came from.
 * Never silent when the data is cached or partial (docs/architecture.md "The renderer": never lie about
 * what is live and what is cached); a range that ends at the present is "so far", not incomplete.
 */
export function coverageNotice(
  coverage: HistoryCoverage,
  formatTime: (ms: number) => string,
  asked?: AskedRange,
): CoverageNotice | null {
  if (coverage.offline) {
    return {
      tone: 'offline',
      text:
        coverage.completeUntil === null
          ? 'Offline — cached data, no part of this range is known complete'
          : coverage.complete
            ? `Offline — cached data, complete until ${formatTime(coverage.completeUntil)} (the whole range)`
            : `Offline — cached data, complete until ${formatTime(coverage.completeUntil)}`,
    };
  }
  if (!coverage.complete) {
    // Just after midnight today's range is all unsettled: nothing of it is complete yet, and that is no hole.
    const endsNow =
      asked !== undefined &&
      asked.end >= asked.askedAt - SO_FAR_MS &&
      asked.end - (coverage.completeUntil ?? asked.start) <= SO_FAR_MS;
    if (endsNow)
      return {
        tone: 'so-far',
        text: `${asked.today ? 'Today so far' : 'So far'} — the latest fixes may still be arriving`,
      };
    return {
      tone: 'warning',
      text:
        coverage.completeUntil === null
          ? 'Incomplete — the service did not return the whole range; fixes may be missing'
          : `Incomplete — complete until ${formatTime(coverage.completeUntil)}; later fixes may be missing`,
    };
  }
  return null;
}
