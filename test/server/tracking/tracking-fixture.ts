import { startLocalService, type LocalService } from '../../../src/server';
import { needsAllowedViewers, type AccessType } from '../../../src/shared/interface';
import type { StoredTrackingLink } from '../../../src/server/tracking/tracking-link-store';
import { outboxMessageSchema, type OutboxMessage } from '../../../src/server/tracking/dev-outbox';
import { serviceClock, type ServiceClock } from '../../../src/server/service-clock';
import { moment, throughout } from '../../support/sim-moments';

const DAY_MS = 86_400_000;
/** The allowed viewers of the e-mail links `link()` makes. */
export const VIEWER_DOMAIN = '@example.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface TrackingService {
  readonly service: LocalService;
  /** Simulated time runs `speed` times faster than real time from the chosen moment; `jump` moves it (expiry). */
  readonly clock: ServiceClock;
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

export interface TrackingServiceOptions {
  /** Simulated time runs this many times faster than real time (1). */
  readonly speed?: number;
  readonly fleetSize?: number;
  /** 'on-trip' (the default): inside a long trip of one asset; 'offline': a tracker long silent. */
  readonly moment?: 'on-trip' | 'offline';
  /**
   * Simulated time the moment must last from where the clock is put (each rewind): on the trip, or
   * offline. Twelve minutes by default, longer than a test at real speed may run.
   */
  readonly lastingMs?: number;
  /** The pages' tile URL template (the local tile server's in Chromium tests); OpenStreetMap's by default. */
  readonly tileUrl?: string;
}

/**
 * A local service whose clock sits inside a long trip of one asset, so a
 * page's marker moves and an ETA exists whatever the time of day the test runs.
 */
export async function startTrackingService(opts: TrackingServiceOptions = {}): Promise<TrackingService> {
  const clock = serviceClock(Date.now());
  const service = await startLocalService({
    port: 0,
    fleetSize: opts.fleetSize ?? 5,
    now: clock.now,
    // The tests read the verification mail over HTTP, as a developer would.
    devOutbox: true,
    ...(opts.tileUrl === undefined ? {} : { trackingTileUrl: opts.tileUrl }),
  });
  const fleet = service.context.fleet;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const lasting = opts.lastingMs ?? 12 * MINUTE;
  const chosen =
    opts.moment === 'offline' ? offlineMoment(fleet, today, lasting) : tripMoment(fleet, today, lasting);
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

/** Three minutes into the longest trip of any asset in these days that goes on, reporting, for `lasting`. */
function tripMoment(fleet: SimFleet, today: number, lasting: number): { assetId: number; at: number } {
  let best: { assetId: number; at: number; length: number } | null = null;
  for (const asset of fleet.assets) {
    for (const t of fleet.trips(asset.id, today - 3 * DAY_MS, today + DAY_MS)) {
      const at = t.start + 3 * MINUTE;
      const length = t.end - t.start;
      if (
        t.end - at >= lasting &&
        (best === null || length > best.length) &&
        throughout(at, lasting, (s) => fleet.isOnline(asset.id, s))
      ) {
        best = { assetId: asset.id, at, length };
      }
    }
  }
  if (best === null)
    throw new Error(
      `No asset of the ${fleet.assets.length}-vehicle test fleet is on a trip, reporting, for ${lasting / MINUTE} ` +
        `minutes between ${moment(today - 3 * DAY_MS)} and ${moment(today + DAY_MS)}.`,
    );
  return best;
}

/** A flaky tracker 20 minutes or more into an offline gap that lasts `lasting` longer. */
function offlineMoment(fleet: SimFleet, today: number, lasting: number): { assetId: number; at: number } {
  for (const asset of fleet.assets.filter((a) => a.flaky)) {
    for (let t = today - 3 * DAY_MS; t < today + DAY_MS; t += 5 * MINUTE) {
      const last = fleet.isOnline(asset.id, t) ? null : fleet.lastFixAt(asset.id, t);
      if (
        last !== null &&
        t - last >= 20 * MINUTE &&
        throughout(t, lasting, (s) => !fleet.isOnline(asset.id, s))
      )
        return { assetId: asset.id, at: t };
    }
  }
  throw new Error(
    `No tracker of the ${fleet.assets.length}-vehicle test fleet is silent for 20 minutes and then ` +
      `${lasting / MINUTE} more between ${moment(today - 3 * DAY_MS)} and ${moment(today + DAY_MS)}.`,
  );
}

export const operatorToken = (s: TrackingService): string => s.service.users[0]!.token;
export const restrictedToken = (s: TrackingService): string => s.service.users[1]!.token;
