import type { ServiceContext } from '../context';
import type { SimAsset } from '../sim/types';
import { LOCATION_UPDATED_EVENT, accountChannelName, type LiveUpdate } from '../../shared/interface';
import { encodeChannelEvent } from './pusher-protocol';
import type { PusherServer } from './pusher-server';

/** Spec 2.9 allows arrays; one message carries at most this many positions (a ~200 KB frame). */
export const MAX_UPDATES_PER_MESSAGE = 1000;

const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/**
 * Every tick, the position of every online tracker goes to the account
 * channel as `.location.updated` arrays (issue 2 §6). Nothing is built when
 * nobody listens; each message is serialized once for all its receivers;
 * ticks never overlap (a slow tick delays the next instead of piling up).
 */
export class LiveTicker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly channel: string;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly server: PusherServer,
    private readonly tickMs: number,
  ) {
    this.channel = accountChannelName(ctx.account.key);
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.tickMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One tick at time t; resolves when every message of it is written. */
  async tick(t: number): Promise<void> {
    const audience = this.server.audience(this.channel);
    if (audience.unfiltered > 0) {
      const assets = this.ctx.fleet.assets;
      for (let i = 0; i < assets.length && !this.stopped; i += MAX_UPDATES_PER_MESSAGE) {
        this.send(this.updates(assets.slice(i, i + MAX_UPDATES_PER_MESSAGE), t), 'unfiltered');
        // Lets sockets drain and HTTP requests run between chunks of a 20,000-asset fleet.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    for (const [key, ids] of audience.filtered) {
      const assets = ids.map((id) => this.ctx.fleet.asset(id)).filter((a): a is SimAsset => a !== undefined);
      for (let i = 0; i < assets.length; i += MAX_UPDATES_PER_MESSAGE) {
        this.send(this.updates(assets.slice(i, i + MAX_UPDATES_PER_MESSAGE), t), key);
      }
    }
  }

  private updates(assets: readonly SimAsset[], t: number): LiveUpdate[] {
    const fleet = this.ctx.fleet;
    const out: LiveUpdate[] = [];
    for (const asset of assets) {
      if (!fleet.isOnline(asset.id, t)) continue;
      const s = fleet.sampleAt(asset.id, t);
      out.push({
        assetId: asset.id,
        assetName: asset.name,
        // ~0.1 m and 0.1 km/h: finer digits would only grow every frame.
        latitude: round(s.lat, 6),
        longitude: round(s.lon, 6),
        speed: round(s.speed, 1),
        course: round(s.heading, 1),
        timestamp: Math.round(t),
        status: { name: s.state, ignition: s.ignition, engine: s.ignition },
      });
    }
    return out;
  }

  private send(updates: LiveUpdate[], to: string): void {
    if (updates.length === 0) return;
    const frame = Buffer.from(encodeChannelEvent(this.channel, LOCATION_UPDATED_EVENT, updates), 'utf8');
    // Droppable: the next tick carries every position again (see pusher-connection.ts).
    this.server.sendFrame(this.channel, frame, to, true);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const started = Date.now();
    try {
      await this.tick(this.ctx.now());
    } catch (err) {
      this.ctx.log.error('live tick failed', { err: String(err) });
    }
    this.schedule(Math.max(10, this.tickMs - (Date.now() - started)));
  }
}
