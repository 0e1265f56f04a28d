import { startLocalService, type LocalService } from '../../../src/server';
import { needsAllowedViewers, type AccessType } from '../../../src/shared/interface';
import type { StoredTrackingLink } from '../../../src/server/tracking/tracking-link-store';
import { outboxMessageSchema, type OutboxMessage } from '../../../src/server/tracking/dev-outbox';

const DAY_MS = 86_400_000;
/** The allowed viewers of the e-mail links `link()` makes. */
export const VIEWER_DOMAIN = '@example.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
  /** Puts the clock back at the chosen moment (each test starts there, however slow the ones before were). */
  rewind(): void;
  link(
    access: AccessType,
    extra?: { expiresAt?: number | null; assetId?: number; allowedViewers?: string[]; createdAt?: number },
  ): StoredTrackingLink;
  pageUrl(link: StoredTrackingLink): string;
  outbox(to: string): Promise<OutboxMessage[]>;
  stop(): Promise<void>;
}

/**
 * A local service whose clock sits inside a long trip of one asset, so a
 * page's marker moves and an ETA exists whatever the time of day the test runs.
 */
export async function startTrackingService(
  opts: { speed?: number; fleetSize?: number; moment?: 'on-trip' | 'offline' } = {},
): Promise<TrackingService> {
  const clock = testClock();
  const service = await startLocalService({
    port: 0,
    fleetSize: opts.fleetSize ?? 5,
    now: clock.now,
    // The tests read the verification mail over HTTP, as a developer would.
    devOutbox: true,
  });
  const fleet = service.context.fleet;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const chosen = opts.moment === 'offline' ? offlineMoment(fleet, today) : tripMoment(fleet, today);
  if (!chosen)
    throw new Error(`no asset of the test fleet has a ${opts.moment ?? 'on-trip'} moment in these days`);
  const rewind = (): void => clock.set(chosen.at, opts.speed ?? 1);
  rewind();
  const asset = fleet.asset(chosen.assetId)!;

  return {
    service,
    clock,
    assetId: asset.id,
    assetName: asset.name,
    rewind,
    link(access, extra = {}) {
      return service.context.trackingLinks.create(
        {
          asset_id: extra.assetId ?? asset.id,
          access_type: access,
          expires_at: extra.expiresAt == null ? null : new Date(extra.expiresAt).toISOString(),
          show_eta: true,
          show_history: true,
          // Every address the tests verify is at example.test.
          allowed_viewers: extra.allowedViewers ?? (needsAllowedViewers(access) ? [VIEWER_DOMAIN] : []),
        },
        // Shared an hour before the clock's moment (unless told), so a page has a track to draw.
        { name: `Delivery (${access})`, createdBy: 1, now: extra.createdAt ?? clock.now() - HOUR },
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

type SimFleet = LocalService['context']['fleet'];

/** The start (+3 min) of the longest online trip of any asset in these days. */
function tripMoment(fleet: SimFleet, today: number): { assetId: number; at: number } | null {
  let best: { assetId: number; at: number; length: number } | null = null;
  for (const asset of fleet.assets) {
    for (const t of fleet.trips(asset.id, today - 3 * DAY_MS, today + DAY_MS)) {
      const length = t.end - t.start;
      if (
        length >= 15 * MINUTE &&
        (best === null || length > best.length) &&
        fleet.isOnline(asset.id, t.start + 3 * MINUTE)
      ) {
        best = { assetId: asset.id, at: t.start + 3 * MINUTE, length };
      }
    }
  }
  return best;
}

/** A flaky tracker 20 minutes or more into an offline gap. */
function offlineMoment(fleet: SimFleet, today: number): { assetId: number; at: number } | null {
  for (const asset of fleet.assets.filter((a) => a.flaky)) {
    for (let t = today - 3 * DAY_MS; t < today + DAY_MS; t += 5 * MINUTE) {
      const last = fleet.isOnline(asset.id, t) ? null : fleet.lastFixAt(asset.id, t);
      if (last !== null && t - last >= 20 * MINUTE) return { assetId: asset.id, at: t };
    }
  }
  return null;
}

export const operatorToken = (s: TrackingService): string => s.service.users[0]!.token;
export const restrictedToken = (s: TrackingService): string => s.service.users[1]!.token;
