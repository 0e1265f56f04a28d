import { parseArgs } from 'node:util';
import { z } from 'zod';

/**
 * What one soak run is asked to carry, from its command line (and SOAK_TICK_MS, as before):
 * the default is 5,000 assets every 2 s for 30 simulated minutes; `--assets N --hours H
 * [--every S] [--tick-ms T] [--cap-min M]` is the national-scale run (every 5 s by default).
 */
export interface SoakPlan {
  readonly assets: number;
  /** More than the default 5,000 assets: the national-scale run. */
  readonly national: boolean;
  /** How often each asset reports in the shift being simulated. */
  readonly realTickMs: number;
  readonly simulatedMs: number;
  readonly ticks: number;
  /** How often the service actually offers a whole-fleet tick (the compression). */
  readonly tickMs: number;
  /** Positions pushed to the renderer that make the whole shift (every asset once per tick). */
  readonly targetPositions: number;
  /** The soak's wall-time cap after the renderer is attached; the figures say how far it got. */
  readonly capMs: number;
  /** Warm-up: the first 20 % of the shift, or (national scale) of the cap when the cap comes first. */
  readonly warmupPositions: number;
  readonly warmupMs: number;
  /** The core alone before the baseline: at least this long, and until it has pushed two fleets' worth. */
  readonly coreWarmupMs: number;
  readonly sampleEveryMs: number;
  /** Ends everything, whatever happens. */
  readonly watchdogMs: number;
}

const DEFAULT_ASSETS = 5_000;

export function soakPlan(argv: readonly string[], env: NodeJS.ProcessEnv): SoakPlan {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      assets: { type: 'string' },
      hours: { type: 'string' },
      every: { type: 'string' },
      'tick-ms': { type: 'string' },
      'cap-min': { type: 'string' },
    },
    strict: true,
  });
  const num = z.coerce.number().positive();
  const assets =
    values.assets === undefined ? DEFAULT_ASSETS : z.coerce.number().int().min(1).parse(values.assets);
  const national = assets > DEFAULT_ASSETS;
  const realTickMs = 1000 * (values.every === undefined ? (national ? 5 : 2) : num.parse(values.every));
  const simulatedMs =
    3_600_000 * (values.hours === undefined ? (national ? 8 : 0.5) : num.parse(values.hours));
  const tickMs = z.coerce
    .number()
    .int()
    .min(50)
    .max(realTickMs)
    .parse(values['tick-ms'] ?? env['SOAK_TICK_MS'] ?? (national ? realTickMs / 2 : 200));
  const capMs =
    60_000 * (values['cap-min'] === undefined ? (national ? 10 : 200 / 60) : num.parse(values['cap-min']));
  const ticks = Math.round(simulatedMs / realTickMs);
  const targetPositions = ticks * assets;
  // A national fleet's setup is many minutes long on a loaded machine: the simulator's first pass plans
  // every asset's day (~2 ms each), the core's sweep asks every asset's last location (one request
  // each), the renderer lists them all.
  const setupMs = national ? Math.max(25 * 60_000, assets * 30) : 100_000;
  return {
    assets,
    national,
    realTickMs,
    simulatedMs,
    ticks,
    tickMs,
    targetPositions,
    capMs,
    warmupPositions: targetPositions / 5,
    // The default run's warm-up is its 20 % of the shift alone, as it always was.
    warmupMs: national ? capMs / 5 : Infinity,
    coreWarmupMs: national ? 60_000 : 20_000,
    sampleEveryMs: national ? 10_000 : 5_000,
    watchdogMs: setupMs + capMs + 60_000,
  };
}
