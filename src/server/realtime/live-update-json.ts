import type { Sample, SimAsset } from '../sim/types';

const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/**
 * Spec 2.9 positions written straight to JSON text: the live tick writes
 * ~10,000 of them a second, and skipping the object graph and the generic
 * JSON.stringify walk halves the service's encoding time and its garbage.
 * The output is what JSON.stringify would give for a LiveUpdate
 * (test/server/realtime checks it against liveUpdatePayloadSchema).
 */
export class LiveUpdateWriter {
  private readonly names = new Map<number, string>();

  /** null when the sample has a non-finite number (never sent: it would not be valid JSON). */
  write(asset: SimAsset, s: Sample, t: number): string | null {
    // ~0.1 m and 0.1 km/h: finer digits would only grow every frame.
    const lat = round(s.lat, 6);
    const lon = round(s.lon, 6);
    const speed = round(s.speed, 1);
    const course = round(s.heading, 1);
    const ts = Math.round(t);
    if (![lat, lon, speed, course, ts].every(Number.isFinite)) return null;
    let name = this.names.get(asset.id);
    if (name === undefined) this.names.set(asset.id, (name = JSON.stringify(asset.name)));
    const on = s.ignition ? 'true' : 'false';
    return (
      `{"assetId":${asset.id},"assetName":${name},"latitude":${lat},"longitude":${lon},` +
      `"speed":${speed},"course":${course},"timestamp":${ts},` +
      `"status":{"name":${JSON.stringify(s.state)},"ignition":${on},"engine":${on}}}`
    );
  }
}

/** A Pusher channel event whose data (a JSON string, as pusher-js expects) is the array of these items. */
export function channelEventOfJsonItems(channel: string, event: string, items: readonly string[]): string {
  return `{"event":${JSON.stringify(event)},"channel":${JSON.stringify(channel)},"data":${JSON.stringify(`[${items.join(',')}]`)}}`;
}
