import { liveUpdatePayloadSchema, type LiveUpdate } from '../../../shared/interface';
import type { LivePosition } from '../../../shared/ipc/views';
import { payloadIssue } from './payload-issue';
import { parseVendorScalars } from '../api/vendor-scalars';

export type LivePayloadResult =
  { readonly ok: true; readonly positions: LivePosition[] } | { readonly ok: false; readonly reason: string };

/** Spec 2.9 (one object or an array), parsed with the shared schema; anything else is refused whole. */
export function parseLivePayload(payload: unknown): LivePayloadResult {
  // A Laravel event's model attributes come as its database gives them (api/vendor-scalars.ts).
  const parsed = parseVendorScalars(liveUpdatePayloadSchema, payload);
  if (!parsed.success) return { ok: false, reason: payloadIssue(parsed.error) };
  const updates = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  return { ok: true, positions: updates.map(toLivePosition) };
}

export function toLivePosition(u: LiveUpdate): LivePosition {
  return {
    assetId: u.assetId,
    lat: u.latitude,
    lon: u.longitude,
    speed: u.speed,
    course: u.course,
    t: u.timestamp,
    state: u.status.name,
    ignition: u.status.ignition,
  };
}
