import type { TrackingLink } from '../../../../shared/ipc';

export type ExpiryPreset = 'never' | '1h' | '24h' | '7d' | 'custom';

const HOUR = 3_600_000;

export const EXPIRY_PRESETS: readonly {
  readonly id: ExpiryPreset;
  readonly label: string;
  readonly ms?: number;
}[] = [
  { id: 'never', label: 'Never' },
  { id: '1h', label: '1 hour', ms: HOUR },
  { id: '24h', label: '24 hours', ms: 24 * HOUR },
  { id: '7d', label: '7 days', ms: 7 * 24 * HOUR },
  { id: 'custom', label: 'Custom' },
];

export type ExpiryResult = { ok: true; expiresAt: string | null } | { ok: false; error: string };

/**
 * The expires_at to send (ISO 8601, UTC) for a preset; a custom value is a
 * datetime-local string in the operator's time zone and must lie in the future.
 */
export function expiresAtFor(
  preset: ExpiryPreset,
  now: number,
  custom: string,
  parseLocal: (value: string) => number | null,
): ExpiryResult {
  if (preset === 'never') return { ok: true, expiresAt: null };
  if (preset === 'custom') {
    const at = parseLocal(custom);
    if (at === null) return { ok: false, error: 'Enter a date and time' };
    if (at <= now) return { ok: false, error: 'The expiry must be in the future' };
    return { ok: true, expiresAt: new Date(at).toISOString() };
  }
  const ms = EXPIRY_PRESETS.find((p) => p.id === preset)?.ms ?? 0;
  return { ok: true, expiresAt: new Date(now + ms).toISOString() };
}

/** Epoch ms of a link's expiry, null for never; an unreadable date counts as never rather than crashing. */
export function expiryTime(link: Pick<TrackingLink, 'expires_at'>): number | null {
  if (link.expires_at === null) return null;
  const t = Date.parse(link.expires_at);
  return Number.isNaN(t) ? null : t;
}

export function isExpired(link: Pick<TrackingLink, 'expires_at'>, now: number): boolean {
  const t = expiryTime(link);
  return t !== null && t <= now;
}

function span(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** "Never expires", "Expires in 3 h", "Expired 2 days ago". */
export function expiryLabel(link: Pick<TrackingLink, 'expires_at'>, now: number): string {
  const t = expiryTime(link);
  if (t === null) return 'Never expires';
  return t <= now ? `Expired ${span(now - t)} ago` : `Expires in ${span(t - now)}`;
}
