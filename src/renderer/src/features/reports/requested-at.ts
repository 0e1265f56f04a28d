import type { ClockFormat } from '../../layout/format/clock-format';

/** When a report was asked for, in the operator's zone and format: the time alone today, the date with it before. */
export function requestedAt(createdAt: number, now: number, fmt: ClockFormat): string {
  return `Requested ${fmt.moment(createdAt, now)}`;
}

/** The full instant, for the tooltip. */
export function requestedAtFull(createdAt: number, fmt: ClockFormat): string {
  return fmt.full(createdAt);
}
