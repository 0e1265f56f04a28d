import { parseLivePayload } from '../../src/main/core/realtime/live-payload';
import { median } from '../support/sample-stats';

const UPDATES = 250;
const MESSAGES = 40;
const ROUNDS = 30;

/** One spec 2.9 message of 250 updates, in the spec's types or as a Laravel event without model casts. */
function message(laravel: boolean): unknown {
  return Array.from({ length: UPDATES }, (_, i) => ({
    assetId: i + 1,
    assetName: `Van ${i + 1}`,
    latitude: laravel ? (45 + i / 1000).toFixed(7) : 45 + i / 1000,
    longitude: laravel ? (9 + i / 1000).toFixed(7) : 9 + i / 1000,
    speed: laravel ? '38.20' : 38.2,
    course: laravel ? '271.0' : 271,
    timestamp: 1_796_000_000_000 + i,
    status: { name: 'moving', ignition: laravel ? 1 : true, engine: laravel ? 1 : true },
  }));
}

/** Milliseconds per message, median of the rounds, each round MESSAGES distinct messages. */
function msPerMessage(laravel: boolean): number {
  const messages = Array.from({ length: MESSAGES }, () => message(laravel));
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (const m of messages) if (!parseLivePayload(m).ok) throw new Error('a message was refused');
    rounds.push((performance.now() - t0) / MESSAGES);
  }
  return median(rounds.slice(5));
}

/**
 * bench:core's vendor part: parsing a live message as the core does (live-payload.ts), a Laravel service's
 * DECIMAL strings and 0/1 booleans (api/vendor-scalars.ts) against the spec's types in the same run.
 */
export function benchVendorPayloads(pad: (label: string) => string): void {
  const spec = msPerMessage(false);
  const laravel = msPerMessage(true);
  const share = (ms: number): string =>
    `${((ms / UPDATES) * 10_000 * 0.1).toFixed(2)} % of a core at 10,000 updates/s`;
  console.log(
    `${pad(`live message of ${UPDATES}, spec types (baseline)`)}${spec.toFixed(3)} ms (${share(spec)})`,
  );
  console.log(
    `${pad(`live message of ${UPDATES}, Laravel's types`)}${laravel.toFixed(3)} ms (${share(laravel)}), ${(laravel / spec).toFixed(1)}× the baseline`,
  );
}
