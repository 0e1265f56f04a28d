import { startLocalService, type LocalService } from '../../../src/server';
import type { AccessType } from '../../../src/shared/interface';
import type { StoredTrackingLink } from '../../../src/server/tracking/tracking-link-store';
import { outboxMessageSchema, type OutboxMessage } from '../../../src/server/tracking/dev-outbox';

const DAY_MS = 86_400_000;
const MINUTE = 60_000;

/**
 * The service's clock for tracking tests: simulated time runs `speed` times
 * faster than real time from `at`, and `jump` moves it (code and link expiry).
 */
export interface TestClock {
  now(): number;
  set(at: number, speed?: number): void;
  jump(ms: number): void;
}

export function testClock(): TestClock {
  let simAt = Date.now();
  let realAt = Date.now();
  let rate = 1;
  return {
    now: () => simAt + (Date.now() - realAt) * rate,
    set(at, speed = rate) {
      simAt = at;
      realAt = Date.now();
      rate = speed;
    },
    jump(ms) {
      simAt += ms;
    },
  };
}

export interface TrackingService {
  readonly service: LocalService;
  readonly clock: TestClock;
  /** An asset that is on a trip at the clock's time: the marker moves and there is an ETA. */
  readonly assetId: number;
  readonly assetName: string;
  link(access: AccessType, extra?: { expiresAt?: number | null; assetId?: number }): StoredTrackingLink;
  pageUrl(link: StoredTrackingLink): string;
  outbox(to: string): Promise<OutboxMessage[]>;
  stop(): Promise<void>;
}

/**
 * A local service whose clock sits inside a long trip of one asset, so a
 * page's marker moves and an ETA exists whatever the time of day the test runs.
 */
export async function startTrackingService(
  opts: { speed?: number; fleetSize?: number } = {},
): Promise<TrackingService> {
  const clock = testClock();
  const service = await startLocalService({ port: 0, fleetSize: opts.fleetSize ?? 5, now: clock.now });
  const fleet = service.context.fleet;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  let chosen: { assetId: number; at: number } | null = null;
  for (const asset of fleet.assets) {
    const trip = fleet
      .trips(asset.id, today - 3 * DAY_MS, today + DAY_MS)
      .find((t) => t.end - t.start >= 15 * MINUTE && fleet.isOnline(asset.id, t.start + 3 * MINUTE));
    if (trip) {
      chosen = { assetId: asset.id, at: trip.start + 3 * MINUTE };
      break;
    }
  }
  if (!chosen) throw new Error('no asset of the test fleet has a 15-minute trip in these days');
  clock.set(chosen.at, opts.speed ?? 1);
  const asset = fleet.asset(chosen.assetId)!;

  return {
    service,
    clock,
    assetId: asset.id,
    assetName: asset.name,
    link(access, extra = {}) {
      return service.context.trackingLinks.create(
        {
          asset_id: extra.assetId ?? asset.id,
          access_type: access,
          expires_at: extra.expiresAt == null ? null : new Date(extra.expiresAt).toISOString(),
          show_eta: true,
          show_history: true,
        },
        { name: `Delivery (${access})`, createdBy: 1, now: clock.now() },
      );
    },
    pageUrl: (link) => `${service.tracking_url}/track/${link.uuid}`,
    async outbox(to) {
      const res = await fetch(`${service.tracking_url}/dev/outbox?to=${encodeURIComponent(to)}`);
      const body: unknown = await res.json();
      if (typeof body !== 'object' || body === null || !('data' in body) || !Array.isArray(body.data)) {
        throw new Error(`unexpected outbox answer: ${JSON.stringify(body)}`);
      }
      return body.data.map((m: unknown) => outboxMessageSchema.parse(m));
    },
    stop: () => service.stop(),
  };
}

export const operatorToken = (s: TrackingService): string => s.service.users[0]!.token;
export const restrictedToken = (s: TrackingService): string => s.service.users[1]!.token;
