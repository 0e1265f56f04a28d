import type { Location } from '../../../shared/interface';
import type { LivePosition } from '../../../shared/ipc/views';

/** Spec 2.8 → the renderer's flattened form. A location has no movement state: derived from speed and ignition. */
export function livePositionOfLocation(assetId: number, l: Location): LivePosition {
  const speed = l.speed ?? 0;
  const ignition = l.ignition ?? false;
  return {
    assetId,
    lat: l.latitude,
    lon: l.longitude,
    speed,
    course: l.heading ?? 0,
    t: Date.parse(l.timestamp),
    state: speed > 1 ? 'moving' : ignition ? 'idle' : 'stopped',
    ignition,
  };
}

/** The last known position per asset, newest wins whatever the order of arrival. */
export class LatestPositions {
  private readonly byAsset = new Map<number, LivePosition>();

  put(p: LivePosition): void {
    const prev = this.byAsset.get(p.assetId);
    if (!prev || prev.t <= p.t) this.byAsset.set(p.assetId, p);
  }

  putAll(positions: readonly LivePosition[]): void {
    for (const p of positions) this.put(p);
  }

  list(): LivePosition[] {
    return [...this.byAsset.values()];
  }

  clear(): void {
    this.byAsset.clear();
  }
}
