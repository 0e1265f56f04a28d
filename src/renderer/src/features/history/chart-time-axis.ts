const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Steps a clock face reads at a glance; days step on local midnights. No 12-hour step: a range too
 * long for 6-hour ticks (several days) reads better in days than in "12:00"s between them.
 */
const CLOCK_STEPS = [1, 2, 5, 10, 15, 30].map((m) => m * MINUTE).concat([1, 2, 3, 6].map((h) => h * HOUR));
const DAY_STEPS = [1, 2, 7];

/** Labels narrower than this apart would run into each other at 10 px text. */
export const MIN_TICK_GAP_PX = 64;

export interface TimeTick {
  readonly t: number;
  /** Pixels from the chart's left edge. */
  readonly x: number;
  readonly label: string;
  /** A local midnight: the label names the day. */
  readonly day: boolean;
}

export interface TickFormat {
  readonly time: (ms: number) => string;
  readonly day: (ms: number) => string;
}

/** The chart's own short labels ("14:00", "Tue 24"); the replay read-out uses history-format.ts. */
export const CHART_TICK_FORMAT: TickFormat = {
  time: (ms) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
  day: (ms) => new Date(ms).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' }),
};

function localMidnight(ms: number, plusDays = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + plusDays).getTime();
}

/**
 * Ticks for a time axis `width` pixels wide over [start, end]: the smallest step of
 * CLOCK_STEPS or DAY_STEPS that keeps labels MIN_TICK_GAP_PX apart, on the operator's
 * local clock (hours counted from each local midnight, so a DST change does not shift them).
 */
export function timeTicks(
  start: number,
  end: number,
  width: number,
  format: TickFormat = CHART_TICK_FORMAT,
  minGapPx = MIN_TICK_GAP_PX,
): TimeTick[] {
  const span = end - start;
  if (!(span > 0) || !(width > 0)) return [];
  const pxPerMs = width / span;
  const x = (t: number): number => (t - start) * pxPerMs;
  const out: TimeTick[] = [];
  const clockStep = CLOCK_STEPS.find((s) => s * pxPerMs >= minGapPx);
  if (clockStep !== undefined) {
    for (let day = localMidnight(start); day <= end; day = localMidnight(day, 1)) {
      const next = localMidnight(day, 1);
      for (let t = day; t < next && t <= end; t += clockStep) {
        if (t < start) continue;
        const isDay = t === day;
        out.push({ t, x: x(t), label: isDay ? format.day(t) : format.time(t), day: isDay });
      }
    }
    return out;
  }
  const days = DAY_STEPS.find((n) => n * DAY * pxPerMs >= minGapPx) ?? Math.ceil(minGapPx / (DAY * pxPerMs));
  let k = 0;
  for (let day = localMidnight(start); day <= end; day = localMidnight(day, 1), k++) {
    if (day < start || k % days !== 0) continue;
    out.push({ t: day, x: x(day), label: format.day(day), day: true });
  }
  return out;
}
