import {
  needsAllowedViewers,
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
  /** email / email_code: addresses and @domain entries, one per line or separated by commas. */
  allowedViewers: string;
}

export type LinkField = 'asset_id' | 'name' | 'access_type' | 'expires_at' | 'allowed_viewers';
export type LinkErrors = Partial<Record<LinkField, string>>;

const LINK_FIELDS: readonly string[] = ['asset_id', 'name', 'access_type', 'expires_at', 'allowed_viewers'];
const isLinkField = (key: unknown): key is LinkField => typeof key === 'string' && LINK_FIELDS.includes(key);

/** What a new link's form holds: shares nothing and names nobody until the user says so. */
export const blankLinkOptions = (): Pick<
  LinkFormState,
  'name' | 'showEta' | 'showHistory' | 'allowedViewers'
> => ({
  name: '',
  showEta: false,
  showHistory: false,
  allowedViewers: '',
});

/** The viewers typed into the form, as the request's list (commas, semicolons, spaces or new lines apart). */
export const viewerList = (text: string): string[] => text.split(/[\s,;]+/).filter((v) => v !== '');

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
    // Only the e-mail types name viewers; what was typed before switching type is not sent.
    allowed_viewers: needsAllowedViewers(state.accessType) ? viewerList(state.allowedViewers) : [],
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
