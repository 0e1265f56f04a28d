import { describe, expect, it } from 'vitest';
import { createFleet } from '../../../src/server/sim/fleet';
import type { StoredTrackingLink } from '../../../src/server/tracking/tracking-link-store';
import { thinTrack } from '../../../src/server/tracking/track-thinning';
import { viewerSnapshot, viewerUpdate } from '../../../src/server/tracking/viewer-snapshot';

const DAY_MS = 86_400_000;
const MINUTE = 60_000;

const link = (assetId: number, over: Partial<StoredTrackingLink> = {}): StoredTrackingLink => ({
  id: 1,
  uuid: '0f1e2d3c-4b5a-4968-8776-655443322110',
  assetId,
  name: 'Delivery',
  accessType: 'public',
  expiresAt: null,
  showEta: true,
  showHistory: true,
  allowedViewers: [],
  createdBy: 1,
  createdAt: 0,
  ...over,
});

describe('what a tracking page viewer is sent', () => {
  const fleet = createFleet({ seed: 3, size: 30 });
  const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;

  it('an offline tracker shows its last reported position and when, not a made-up live one', () => {
    const asset = fleet.assets.find((a) => a.flaky)!;
    let offlineAt: number | null = null;
    for (let t = day; t < day + 3 * DAY_MS && offlineAt === null; t += 5 * MINUTE) {
      if (!fleet.isOnline(asset.id, t) && fleet.lastFixAt(asset.id, t) !== null) offlineAt = t;
    }
    expect(offlineAt, 'a flaky tracker goes offline within three days').not.toBeNull();
    const u = viewerUpdate(fleet, link(asset.id), offlineAt!);
    expect(u.online).toBe(false);
    expect(Date.parse(u.position!.at)).toBe(fleet.lastFixAt(asset.id, offlineAt!));
    expect(Date.parse(u.position!.at)).toBeLessThan(offlineAt!);
  });

  it('the ETA and the history are sent only when the link shows them', () => {
    const asset = fleet.assets[0]!;
    const noon = day + 12 * 3_600_000;
    const bare = viewerSnapshot(fleet, link(asset.id, { showEta: false, showHistory: false }), noon);
    expect(bare.history).toBeNull();
    expect('eta' in bare).toBe(false);
    expect(bare.show_eta).toBe(false);
    const full = viewerSnapshot(fleet, link(asset.id), noon);
    expect(full.history!.length).toBeGreaterThan(1);
    expect('eta' in full).toBe(true);
  });

  it('shows only the track since the link was created, not the asset’s earlier stops that day', () => {
    const asset = fleet.assets.find((a) => a.roundTheClock) ?? fleet.assets[0]!;
    const noon = day + 12 * 3_600_000;
    const sharedAt = day + 10 * 3_600_000;
    const since = viewerSnapshot(fleet, link(asset.id, { createdAt: sharedAt }), noon).history!;
    const morning = fleet.history(asset.id, day, sharedAt - 60_000);
    const afterwards = fleet.history(asset.id, sharedAt, noon);
    expect(morning.length).toBeGreaterThan(100);
    const near = (p: readonly [number, number], s: { lat: number; lon: number }): boolean =>
      Math.abs(p[0] - s.lat) < 1e-5 && Math.abs(p[1] - s.lon) < 1e-5;
    // Starts where the asset was when the link was shared, and ends where it is now.
    expect(near(since[0]!, afterwards[0]!)).toBe(true);
    expect(near(since[since.length - 1]!, afterwards[afterwards.length - 1]!)).toBe(true);
    // Every point drawn is one of the fixes since then; the morning's places are not among them.
    const morningOnly = morning.filter((m) => !afterwards.some((a) => near([a.lat, a.lon], m)));
    expect(morningOnly.length).toBeGreaterThan(0);
    for (const p of since) expect(afterwards.some((a) => near(p, a))).toBe(true);
    for (const m of morningOnly) expect(since.some((p) => near(p, m))).toBe(false);
    // A link made yesterday shows today's track from midnight (UTC day), as before.
    const yesterday = viewerSnapshot(fleet, link(asset.id, { createdAt: day - DAY_MS }), noon).history!;
    expect(yesterday.length).toBeGreaterThan(since.length);
  });

  it('a whole day of fixes is thinned to a few hundred points that keep both ends and the shape', () => {
    const asset = fleet.assets.find((a) => a.roundTheClock) ?? fleet.assets[0]!;
    // A fixed week, so the check does not depend on the day it runs: its Friday needs more than 600 points at 8 m.
    for (let d = Date.parse('2026-11-16T00:00:00Z'); d < Date.parse('2026-11-23T00:00:00Z'); d += DAY_MS) {
      const fixes = fleet.history(asset.id, d, d + DAY_MS).map((s) => [s.lat, s.lon] as const);
      const thin = thinTrack(fixes);
      expect(thin.length).toBeLessThanOrEqual(600);
      expect(thin.length).toBeGreaterThan(100);
      expect(thin[0]![0]).toBeCloseTo(fixes[0]![0], 4);
      expect(thin[thin.length - 1]![1]).toBeCloseTo(fixes[fixes.length - 1]![1], 4);
      // Every original fix lies within a few metres of the drawn line (RDP tolerance 8 m, plus rounding to 1e-5°).
      expect(worstDeviationM(fixes, thin), new Date(d).toDateString()).toBeLessThan(10);
    }
  });

  it('a point budget goes to the points that matter most: more points, a closer line', () => {
    const asset = fleet.assets.find((a) => a.roundTheClock) ?? fleet.assets[0]!;
    const d = Date.parse('2026-11-20T00:00:00Z');
    const fixes = fleet.history(asset.id, d, d + DAY_MS).map((s) => [s.lat, s.lon] as const);
    const deviations = [25, 100, 400].map((budget) => {
      const thin = thinTrack(fixes, 8, budget);
      expect(thin).toHaveLength(budget);
      return worstDeviationM(fixes, thin);
    });
    expect(deviations[1]).toBeLessThan(deviations[0]!);
    expect(deviations[2]).toBeLessThan(deviations[1]!);
    expect(deviations[2]).toBeLessThan(50);
  });
});

/** The farthest any fix lies from the thinned line, in metres (flat projection, fine at city scale). */
function worstDeviationM(
  fixes: readonly (readonly [number, number])[],
  thin: readonly (readonly [number, number])[],
): number {
  const kx = 111_320 * Math.cos((fixes[0]![0] * Math.PI) / 180);
  const xy = (p: readonly [number, number]): [number, number] => [p[1] * kx, p[0] * 111_320];
  const line = thin.map(xy);
  return Math.max(
    ...fixes.map((f) => {
      const [px, py] = xy(f);
      let best = Infinity;
      for (let i = 1; i < line.length; i++) {
        const [ax, ay] = line[i - 1]!;
        const [bx, by] = line[i]!;
        const dx = bx - ax;
        const dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        best = Math.min(best, Math.hypot(px - ax - u * dx, py - ay - u * dy));
      }
      return best;
    }),
  );
}
