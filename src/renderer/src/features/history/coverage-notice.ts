import type { HistoryCoverage } from '../../../../shared/ipc';

export interface CoverageNotice {
  readonly tone: 'offline' | 'warning';
  readonly text: string;
}

/**
 * What the banner above a history says about where the data came from.
 * Never silent when the data is cached or partial (docs/architecture.md "The renderer": never lie about
 * what is live and what is cached).
 */
export function coverageNotice(
  coverage: HistoryCoverage,
  formatTime: (ms: number) => string,
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
