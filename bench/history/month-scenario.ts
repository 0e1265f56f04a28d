import { z } from 'zod';
import { SETTLE_MS } from '../../src/main/core/history/history-service';
import type { ReadyInfo } from '../../src/server';
import { verdict } from './figures';
import type { HistoryPage } from './history-page';
import type { ProbeResult } from './page-probe';

/** What bench:history --app and --electron open: a month of the demo's first reefer, cold then warm. */
export const ASSET = 1;
export const DAYS = 30;
export const DAY = 86_400_000;
export const MINUTE = 60_000;
/** Fresh apps after the first (which also pays for the simulator planning the month's days). */
export const COLD_RUNS = 5;
export const WARM_PER_RUN = 2;
export const TARGET_COLD_MS = 1000;
export const TARGET_WARM_MS = 150;
/** The window both app modes draw the month in: --app's viewport, --electron's content size. */
export const VIEWPORT = { width: 1440, height: 900 } as const;

const assetPageSchema = z.object({ data: z.array(z.object({ id: z.int(), name: z.string() })) });

export interface MonthScenario {
  /** The asset's name, as the History screen's asset field finds it. */
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** Choosing the asset loads what the range form says: an hour well before the month, so the month stays uncached. */
  readonly primeStart: number;
}

export async function monthScenario(service: ReadyInfo, token: string): Promise<MonthScenario> {
  const listed = await fetch(`${service.api_url}/api/${service.account_key}/asset?per_page=100`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const name = assetPageSchema.parse(await listed.json()).data.find((a) => a.id === ASSET)?.name;
  if (name === undefined) throw new Error(`asset ${ASSET} is not in the demo fleet`);
  // Whole minutes (the range form's), ended before the settle window (history-service.ts SETTLE_MS)
  // so a warm open is all cache, as bench:history's core-only mode does.
  const end = Math.floor((Date.now() - SETTLE_MS - MINUTE) / MINUTE) * MINUTE;
  const start = end - DAYS * DAY;
  return { name, start, end, primeStart: start - 3 * DAY };
}

/** The asset chosen (which loads the priming hour) and the month in the range form, not yet shown. */
export async function prepareMonth(
  history: HistoryPage,
  scenario: MonthScenario,
  choose: (action: () => Promise<void>) => Promise<unknown>,
): Promise<void> {
  await history.fillRange(scenario.primeStart, scenario.primeStart + 60 * MINUTE);
  await choose(() => history.chooseAsset(scenario.name));
  await history.fillRange(scenario.start, scenario.end);
}

/**
 * One fresh app's opens: the month prepared, shown cold (from the service), once more untimed to wait
 * for the cache write, then WARM_PER_RUN times warm. `timed` times an action the way the mode can
 * (the page's probe, and in the browser shell the core too); `check` throws on a wrong open.
 */
export async function coldThenWarm<T>(
  history: HistoryPage,
  month: MonthScenario,
  timed: (action: () => Promise<void>) => Promise<T>,
  check: (opened: T, source: 'network' | 'cache') => void,
): Promise<{ cold: T; warm: T[] }> {
  await prepareMonth(history, month, timed);
  const cold = await timed(() => history.clickShow());
  check(cold, 'network');
  // The cache is written just after the cold answer went out; this open waits for that.
  check(await timed(() => history.clickShow()), 'cache');
  const warm: T[] = [];
  for (let w = 0; w < WARM_PER_RUN; w++) {
    const again = await timed(() => history.clickShow());
    check(again, 'cache');
    warm.push(again);
  }
  return { cold, warm };
}

/** The targets' verdicts on the medians from the click to the frame with the track. */
export function targetsLine(coldFrameMs: number, warmFrameMs: number): string {
  return (
    `  targets (medians, click → the frame with the track): cold < ${TARGET_COLD_MS} ms ` +
    `${verdict(coldFrameMs < TARGET_COLD_MS)}, warm < ${TARGET_WARM_MS} ms ${verdict(warmFrameMs < TARGET_WARM_MS)}`
  );
}

/**
 * Throws unless the page drew the month asked for, from where it should have come, with at least a
 * 10-s tracker's share of its points (and exactly `answered` of them when the core's answer is known).
 */
export function checkDrawnMonth(
  probe: ProbeResult,
  scenario: MonthScenario,
  source: 'network' | 'cache',
  answered: number | null = null,
): void {
  const d = probe.detail;
  if (d.assetId !== ASSET || d.start !== scenario.start || d.end !== scenario.end)
    throw new Error(`the page drew asset ${d.assetId} ${d.start}–${d.end}, not the month asked for`);
  if ((answered !== null && d.points !== answered) || d.points < DAYS * 8000)
    throw new Error(`the page drew ${d.points} points; the core answered ${answered ?? 'an unknown number'}`);
  if (d.source !== source) throw new Error(`the ${source} open came from ${d.source}`);
  if (probe.click === null) throw new Error('the probe missed the click');
}
