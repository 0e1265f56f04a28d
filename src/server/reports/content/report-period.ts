import { MS_PER_DAY, addDays, inclusiveDays, parseCalendarDate } from '../../../shared/interface';
import type { ReportRequest } from '../../../shared/interface';
import type { BuildContext } from '../report-document';

/** A request's dates as a UTC time range: date_to's whole day is included. */
export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
  /** Midnight UTC of date_from. */
  readonly start: number;
  /** Midnight UTC after date_to (exclusive). */
  readonly endExclusive: number;
  /** The last millisecond of date_to, for the fleet's inclusive [start, end] queries. */
  readonly end: number;
  readonly days: number;
}

export function reportPeriod(request: Pick<ReportRequest, 'date_from' | 'date_to'>): ReportPeriod {
  const start = parseCalendarDate(request.date_from);
  const last = parseCalendarDate(request.date_to);
  if (start === null || last === null || last < start) {
    throw new Error(`Invalid report period ${request.date_from} to ${request.date_to}`);
  }
  const endExclusive = addDays(last, 1);
  return {
    from: request.date_from,
    to: request.date_to,
    start,
    endExclusive,
    end: endExclusive - 1,
    days: inclusiveDays(start, last),
  };
}

/**
 * The request's period as far as it has happened: it ends at the present
 * (ctx.generatedAt, the service's clock), so a range reaching into the
 * future covers the days up to today and today up to now. A range wholly in
 * the future never gets here (buildReport fails it for lack of data).
 */
export function periodOf(ctx: Pick<BuildContext, 'request' | 'generatedAt'>): ReportPeriod {
  const period = reportPeriod(ctx.request);
  if (ctx.generatedAt >= period.end) return period;
  const end = Math.max(period.start, ctx.generatedAt);
  const lastDay = end - (end % MS_PER_DAY);
  return { ...period, end, endExclusive: end + 1, days: inclusiveDays(period.start, lastDay) };
}

/** Midnight UTC of every day of the period, in order. */
export function periodDays(period: ReportPeriod): number[] {
  return Array.from({ length: period.days }, (_, i) => period.start + i * MS_PER_DAY);
}

/** "between 2026-03-01 and 2026-03-02", or "on 2026-03-01" for a single day: for NoDataError messages. */
export function describePeriod(period: ReportPeriod): string {
  return period.from === period.to ? `on ${period.from}` : `between ${period.from} and ${period.to}`;
}
