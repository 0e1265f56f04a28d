import {
  trackingLinkRequestSchema,
  type AccessType,
  type TrackingLinkRequest,
} from '../../../../shared/interface';
import { expiresAtFor, type ExpiryPreset } from './link-expiry';

export interface LinkFormState {
  assetId: number | null;
  name: string;
  accessType: AccessType;
  expiry: ExpiryPreset;
  customExpiry: string;
  showEta: boolean;
  showHistory: boolean;
}

export type LinkField = 'asset_id' | 'name' | 'access_type' | 'expires_at';
export type LinkErrors = Partial<Record<LinkField, string>>;

const LINK_FIELDS: readonly string[] = ['asset_id', 'name', 'access_type', 'expires_at'];
const isLinkField = (key: unknown): key is LinkField => typeof key === 'string' && LINK_FIELDS.includes(key);

/** Builds the spec 2.10 request and checks it with the shared trackingLinkRequestSchema. */
export function validateLinkForm(
  state: LinkFormState,
  now: number,
  parseLocal: (value: string) => number | null,
): { ok: true; request: TrackingLinkRequest } | { ok: false; errors: LinkErrors } {
  const errors: LinkErrors = {};
  const expiry = expiresAtFor(state.expiry, now, state.customExpiry, parseLocal);
  if (!expiry.ok) errors.expires_at = expiry.error;
  if (state.assetId === null) errors.asset_id = 'Choose the asset to share';
  const parsed = trackingLinkRequestSchema.safeParse({
    asset_id: state.assetId ?? undefined,
    name: state.name.trim() === '' ? undefined : state.name.trim(),
    access_type: state.accessType,
    expires_at: expiry.ok ? expiry.expiresAt : null,
    show_eta: state.showEta,
    show_history: state.showHistory,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (isLinkField(key)) errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}
