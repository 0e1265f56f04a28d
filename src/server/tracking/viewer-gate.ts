import { isAllowedViewer } from '../../shared/interface';
import type { Fleet } from '../sim/types';
import type { StoredTrackingLink, TrackingLinkStore } from './tracking-link-store';
import type { ViewerAccessStore, ViewerSession } from './viewer-access-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LinkLookup =
  | { readonly kind: 'ok'; readonly link: StoredTrackingLink }
  | { readonly kind: 'missing' }
  | { readonly kind: 'expired' };

/**
 * A link by its uuid. A malformed uuid, an unknown one and one whose asset is
 * no longer in the fleet all look the same ('missing' → the 404 page), so the
 * page never tells whether an asset exists.
 */
export function lookupLink(links: TrackingLinkStore, fleet: Fleet, uuid: string, now: number): LinkLookup {
  if (!UUID.test(uuid)) return { kind: 'missing' };
  const link = links.byUuid(uuid.toLowerCase());
  if (!link || fleet.asset(link.assetId) === undefined) return { kind: 'missing' };
  if (link.expiresAt !== null && link.expiresAt <= now) return { kind: 'expired' };
  return { kind: 'ok', link };
}

/** What the viewer of a live link sees next. */
export type GateDecision =
  | { readonly kind: 'view' }
  | { readonly kind: 'email' }
  | { readonly kind: 'code'; readonly session: ViewerSession }
  | { readonly kind: 'sign-in' };

export function gateFor(link: StoredTrackingLink, session: ViewerSession | null): GateDecision {
  switch (link.accessType) {
    case 'public':
      return { kind: 'view' };
    case 'email':
      return verifiedViewer(link, session) ? { kind: 'view' } : { kind: 'email' };
    case 'email_code':
      if (!verifiedViewer(link, session)) return { kind: 'email' };
      return session.pendingVerificationId === null ? { kind: 'view' } : { kind: 'code', session };
    case 'authorized_only':
      return session?.kind === 'token' ? { kind: 'view' } : { kind: 'sign-in' };
  }
}

/** An e-mail session counts only for an address the link names (checked again at every request). */
function verifiedViewer(
  link: StoredTrackingLink,
  session: ViewerSession | null,
): session is ViewerSession & { kind: 'email'; email: string } {
  return (
    session?.kind === 'email' && session.email !== null && isAllowedViewer(link.allowedViewers, session.email)
  );
}

export function sessionOf(
  access: ViewerAccessStore,
  link: StoredTrackingLink,
  cookie: string | null,
  now: number,
): ViewerSession | null {
  if (link.accessType === 'public' || cookie === null) return null;
  return access.session(link.uuid, cookie, now);
}
