import type { ServiceContext } from '../context';
import type { Fleet, SimAsset } from '../sim/types';
import { LOCATION_UPDATED_EVENT, accountChannelName } from '../../shared/interface';
import { LiveUpdateWriter, channelEventOfJsonItems } from './live-update-json';
import type { PusherServer } from './pusher-server';

/** What a tick reads of the service. */
export interface TickSource {
  readonly account: Pick<ServiceContext['account'], 'key'>;
  readonly fleet: Pick<Fleet, 'asset' | 'assets' | 'isOnline' | 'sampleAt'>;
  readonly log: Pick<ServiceContext['log'], 'error'>;
  now(): number;
}

/** Where a tick's frames go. */
export type TickSink = Pick<PusherServer, 'audience' | 'hasSubscribers' | 'sendFrame'>;

/**
 * When the tick after one due at `due` is due: on the beat, so a tick that ends late (the event loop held by
 * other work, a collection) does not lower every asset's rate — the next one starts at once and catches up.
 * More than a whole tick behind, the beat moves to `now`: a service too slow for its fleet drops that time
 * instead of sending ticks back to back to make it up.
 */
export function nextBeat(due: number, tickMs: number, now: number): number {
  const next = due + tickMs;
  return now - next > tickMs ? now : next;
}

/**
 * Spec 2.9 allows arrays; one message carries at most this many positions
 * (a ~55 KB frame): small enough that no client's decode step (pusher-js
 * validates, parses twice and logs-stringifies every frame) holds its
 * event loop for long, large enough to keep per-message costs negligible.
 */
export const MAX_UPDATES_PER_MESSAGE = 250;

/**
 * Every tick, the position of every online tracker goes to the account
 * channel as `.location.updated` arrays (docs/architecture.md "The local fleet service"). Nothing is built when
 * nobody listens; each message is serialized once for all its receivers;
 * ticks never overlap, and keep to their beat (`nextBeat`).
 *
 * A large fleet's tick is spread over the tick: chunk i of n is sampled and
 * sent at i/n of the interval, so each asset still gets one position per
 * tick, but receivers see a steady stream instead of a burst of megabytes
 * (which would queue in every socket and every client's decoder at once).
 */
export class LiveTicker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** When the next tick is due (wall clock). */
  private beat = 0;
  private readonly channel: string;
  private readonly writer = new LiveUpdateWriter();

  constructor(
    private readonly ctx: TickSource,
    private readonly server: TickSink,
    private readonly tickMs: number,
  ) {
    this.channel = accountChannelName(ctx.account.key);
  }

  start(): void {
    this.stopped = false;
    this.beat = Date.now() + this.tickMs;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * One tick at service time t, its chunks paced from `due` (wall clock; a late tick's first chunks go at
   * once); resolves when every message of it is written.
   */
  async tick(t: number, due = Date.now()): Promise<void> {
    const audience = this.server.audience(this.channel);
    for (const [key, ids] of audience.filtered) {
      const assets = ids.map((id) => this.ctx.fleet.asset(id)).filter((a): a is SimAsset => a !== undefined);
      for (let i = 0; i < assets.length; i += MAX_UPDATES_PER_MESSAGE) {
        this.send(this.updates(assets.slice(i, i + MAX_UPDATES_PER_MESSAGE), t), key);
      }
    }
    if (audience.unfiltered === 0) return;
    const assets = this.ctx.fleet.assets;
    const chunks = Math.ceil(assets.length / MAX_UPDATES_PER_MESSAGE);
    const spacingMs = this.tickMs / chunks;
    const wallStart = Date.now();
    for (let i = 0; i < chunks && !this.stopped; i++) {
      const wait = due + i * spacingMs - Date.now();
      // At least a turn of the event loop between chunks, so sockets drain and HTTP requests run.
      await new Promise<void>((resolve) => (wait > 1 ? setTimeout(resolve, wait) : setImmediate(resolve)));
      if (this.stopped || !this.server.hasSubscribers(this.channel)) return;
      const chunk = assets.slice(i * MAX_UPDATES_PER_MESSAGE, (i + 1) * MAX_UPDATES_PER_MESSAGE);
      this.send(this.updates(chunk, t + (Date.now() - wallStart)), 'unfiltered');
    }
  }

  private updates(assets: readonly SimAsset[], t: number): string[] {
    const fleet = this.ctx.fleet;
    const out: string[] = [];
    let failed = 0;
    for (const asset of assets) {
      try {
        if (!fleet.isOnline(asset.id, t)) continue;
        const json = this.writer.write(asset, fleet.sampleAt(asset.id, t), t);
        if (json !== null) out.push(json);
      } catch {
        // One asset the simulator cannot sample must not silence the rest of the fleet.
        failed++;
      }
    }
    if (failed > 0) this.ctx.log.error('live tick skipped assets the simulator failed on', { failed, t });
    return out;
  }

  private send(updates: readonly string[], to: string): void {
    if (updates.length === 0) return;
    const frame = Buffer.from(channelEventOfJsonItems(this.channel, LOCATION_UPDATED_EVENT, updates), 'utf8');
    // Droppable: the next tick carries every position again (see pusher-connection.ts).
    this.server.sendFrame(this.channel, frame, to, true);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), Math.max(0, this.beat - Date.now()));
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const due = this.beat;
    try {
      await this.tick(this.ctx.now(), due);
    } catch (err) {
      this.ctx.log.error('live tick failed', { err: String(err) });
    }
    this.beat = nextBeat(due, this.tickMs, Date.now());
    this.schedule();
  }
}
