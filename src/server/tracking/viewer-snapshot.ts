import { z } from 'zod';
import type { Fleet } from '../sim/types';
import type { StoredTrackingLink } from './tracking-link-store';
import { thinTrack, type TrackPoint } from './track-thinning';

const DAY_MS = 86_400_000;

/**
 * What a tracking page's viewer receives. Deliberately narrow: the link's
 * name and where the asset is, no asset name, no asset, tracker or account
 * ids, no IMEI, VIN, plate or driver, nothing about other assets
 * (docs/interface-decisions.md, public tracking page).
 */
export const viewerPositionSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  heading: z.number(),
  moving: z.boolean(),
  at: z.string(),
});

export const viewerEtaSchema = z.object({
  at: z.string(),
  remaining_km: z.number(),
  destination: z.string(),
});

export const viewerUpdateSchema = z.object({
  server_time: z.string(),
  online: z.boolean(),
  position: viewerPositionSchema.nullable(),
  /** Present only on links with show_eta; null while no trip is under way. */
  eta: viewerEtaSchema.nullable().optional(),
});
export type ViewerUpdate = z.infer<typeof viewerUpdateSchema>;

export const viewerSnapshotSchema = viewerUpdateSchema.extend({
  /** The link's name, as the sender chose it: the asset's own name may be internal. */
  name: z.string(),
  show_eta: z.boolean(),
  /** Today's track (UTC day) since the link was created, thinned; null on links without show_history. */
  history: z.array(z.tuple([z.number(), z.number()])).nullable(),
  expires_at: z.string().nullable(),
});
export type ViewerSnapshot = z.infer<typeof viewerSnapshotSchema>;

const iso = (t: number): string => new Date(t).toISOString();
const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

export function viewerUpdate(fleet: Fleet, link: StoredTrackingLink, now: number): ViewerUpdate {
  const online = fleet.isOnline(link.assetId, now);
  // An offline tracker shows where it last reported, and when: the page says "last update 14 min ago".
  const at = online ? now : fleet.lastFixAt(link.assetId, now);
  const s = at === null ? null : fleet.sampleAt(link.assetId, at);
  const update: ViewerUpdate = {
    server_time: iso(now),
    online,
    position:
      s === null
        ? null
        : {
            lat: round(s.lat, 6),
            lon: round(s.lon, 6),
            speed: Math.round(s.speed),
            heading: Math.round(s.heading),
            moving: s.state === 'moving',
            at: iso(s.t),
          },
  };
  if (link.showEta) {
    // Offline, the service would not know where the asset is heading: no ETA rather than a guess.
    const d = online ? fleet.destination(link.assetId, now) : null;
    update.eta =
      d === null
        ? null
        : { at: iso(d.eta), remaining_km: round(d.remainingKm, 1), destination: d.place.name };
  }
  return update;
}

export function viewerSnapshot(fleet: Fleet, link: StoredTrackingLink, now: number): ViewerSnapshot {
  let history: TrackPoint[] | null = null;
  if (link.showHistory) {
    // Only what the asset did since this link was shared: earlier stops are other customers' business.
    const from = Math.max(Math.floor(now / DAY_MS) * DAY_MS, link.createdAt);
    history =
      from > now ? [] : thinTrack(fleet.history(link.assetId, from, now).map((p) => [p.lat, p.lon] as const));
  }
  return {
    ...viewerUpdate(fleet, link, now),
    name: link.name,
    show_eta: link.showEta,
    history: history?.map(([lat, lon]) => [lat, lon]) ?? null,
    expires_at: link.expiresAt === null ? null : iso(link.expiresAt),
  };
}
