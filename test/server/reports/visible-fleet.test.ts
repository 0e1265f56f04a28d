import { describe, expect, it } from 'vitest';
import { createFleet } from '../../../src/server/sim/fleet';
import { AssetOutOfScopeError, visibleFleet } from '../../../src/server/reports/visible-fleet';
import { buildReport } from '../../../src/server/reports/content/build-report';
import { reportRequestSchema } from '../../../src/shared/interface';

const fleet = createFleet({ seed: 1, size: 10 });
const DAY = 86_400_000;
const start = Date.UTC(2026, 2, 2);

describe('the fleet as a restricted user sees it', () => {
  const view = visibleFleet(fleet, [1, 2, 3]);

  it('lists only the user’s assets and answers for no other', () => {
    expect(view.assets.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(view.asset(2)).toBe(fleet.asset(2));
    expect(() => view.asset(7)).toThrow(AssetOutOfScopeError);
    expect(view.asset(11)).toBeUndefined();
    expect(view.beacons).toBe(fleet.beacons);
  });

  it('refuses every per-asset question about another asset', () => {
    expect(view.history(2, start, start + 3_600_000)).toEqual(fleet.history(2, start, start + 3_600_000));
    expect(() => view.history(7, start, start + 3_600_000)).toThrow(AssetOutOfScopeError);
    expect(() => view.sampleAt(7, start)).toThrow('asset 7, which you may not access');
    expect(() => view.dailyDistanceKm(7, start)).toThrow(AssetOutOfScopeError);
    expect(() => view.beaconDetectionsByAsset(7, start, start + DAY)).toThrow(AssetOutOfScopeError);
  });

  it('keeps only the detections the user’s assets made of an account-wide beacon', () => {
    const all = fleet.beaconDetectionsByBeacon(1, start, start + 7 * DAY);
    const seen = view.beaconDetectionsByBeacon(1, start, start + 7 * DAY);
    expect(new Set(all.map((d) => d.assetId)).size).toBeGreaterThan(new Set(seen.map((d) => d.assetId)).size);
    expect(seen).toEqual(all.filter((d) => d.assetId <= 3));
  });

  it('fails a report that would read another asset instead of building it', () => {
    const request = reportRequestSchema.parse({
      type: 'trail',
      format: 'json',
      asset_id: 7,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
    });
    expect(() =>
      buildReport({ fleet: view, request, reportId: 'r', title: 'Trail', generatedAt: start }),
    ).toThrow(AssetOutOfScopeError);
  });

  it('is the fleet itself for a user who may access every asset', () => {
    expect(visibleFleet(fleet, null)).toBe(fleet);
  });
});
