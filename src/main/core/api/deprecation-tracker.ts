import type { Notice } from '../../../shared/ipc/views';

/**
 * Spec 9 promises "deprecation warnings in responses" without a form; the
 * standard ones are RFC 9745 `Deprecation: @<epoch seconds>` and RFC 8594
 * `Sunset: <HTTP-date>` (docs/interface-decisions.md). Each route is
 * reported once per run, as a Notice the user sees.
 */
export interface DeprecationTracker {
  observe(route: string, headers: Headers): void;
}

export function createDeprecationTracker(
  onNotice: (notice: Notice) => void,
  now: () => number = Date.now,
): DeprecationTracker {
  const seen = new Set<string>();
  return {
    observe(route, headers) {
      const deprecation = headers.get('deprecation');
      const sunset = headers.get('sunset');
      if ((deprecation === null && sunset === null) || seen.has(route)) return;
      seen.add(route);
      const since = deprecation === null ? null : parseDeprecation(deprecation);
      const until = sunset === null ? null : Date.parse(sunset);
      const parts = [`The service has deprecated ${route}`];
      if (since !== null) parts.push(` since ${day(since)}`);
      if (until !== null && !Number.isNaN(until)) parts.push(`; it may stop working after ${day(until)}`);
      parts.push('. Fleetdesk may need an update.');
      onNotice({ id: `deprecation:${route}`, kind: 'deprecation', message: parts.join(''), at: now() });
    },
  };
}

/** RFC 9745 sends a structured-field date (`@1735689600`); older drafts sent `true` or an HTTP-date. */
function parseDeprecation(value: string): number | null {
  const sf = /^@(-?\d+)$/.exec(value.trim());
  if (sf) {
    const at = Number(sf[1]) * 1000;
    // Past ±8.64e15 ms there is no date: toISOString would throw and fail the request that carried it.
    return Number.isNaN(new Date(at).getTime()) ? null : at;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date;
}

const day = (t: number): string => new Date(t).toISOString().slice(0, 10);
