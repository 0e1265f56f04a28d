import { z } from 'zod';
import type * as client from 'openid-client';
import type { SettingsStore } from '../cache/settings-store';
import { profileSchema, type Profile } from '../../../shared/ipc/views';
import { DEMO_DATA_OWNER, dataOwnerOf } from './data-owner';
import { endpointsOfRemote, type ServiceEndpoints } from './service-endpoints';

/** The secrets' keys in the SecretStore (architecture.md §3: keychain-backed, main only). */
export const TOKEN_KEY = 'session.token';
export const REFRESH_TOKEN_KEY = 'session.refreshToken';

/** What the session remembers in the app's state: no secret here. */
const PROFILE_KEY = 'session.profile';
const BROWSER_ACCOUNT_KEY = 'session.browserAccount';

/**
 * A browser sign-in's account, remembered so a restart renews the grant
 * without asking the service's metadata again (and works offline): the
 * metadata as served, the addresses it named, who signed in.
 */
const browserAccountSchema = z.object({
  address: z.string(),
  metadata: z.looseObject({ issuer: z.string() }),
  endpoints: z.object({
    base_url: z.string(),
    ws_url: z.string(),
    api_url: z.string(),
    api_ws_url: z.string(),
    tracking_url: z.string(),
    app_key: z.string(),
    account_key: z.string(),
    user_id: z.int().positive(),
  }),
  user: z.object({ id: z.int().positive(), name: z.string() }),
});

export interface BrowserAccount {
  /** The profile's address it belongs to. */
  readonly address: string;
  readonly metadata: client.ServerMetadata;
  readonly endpoints: ServiceEndpoints;
  readonly user: { readonly id: number; readonly name: string };
}

export type SessionState = Pick<SettingsStore, 'getValue' | 'setValue' | 'deleteValue'>;

/** The last profile; `unreadable` when something is stored that no longer passes (a plain-http remote, say). */
export function savedProfile(state: SessionState): Profile | 'unreadable' | null {
  const raw = state.getValue(PROFILE_KEY);
  if (raw === undefined) return null;
  const parsed = profileSchema.safeParse(raw);
  return parsed.success ? parsed.data : 'unreadable';
}

export const saveProfile = (state: SessionState, profile: Profile): void =>
  state.setValue(PROFILE_KEY, profile);

export function savedBrowserAccount(state: SessionState, address: string): BrowserAccount | null {
  const parsed = browserAccountSchema.safeParse(state.getValue(BROWSER_ACCOUNT_KEY));
  if (!parsed.success || parsed.data.address !== address) return null;
  // The metadata is the server's own document, checked again when a client is built from it.
  return { ...parsed.data, metadata: parsed.data.metadata as client.ServerMetadata };
}

export const saveBrowserAccount = (state: SessionState, account: BrowserAccount): void =>
  state.setValue(BROWSER_ACCOUNT_KEY, account);

/** Whose data the saved profile shows (data-owner.ts); null when nothing usable is saved. */
export function savedDataOwner(state: SessionState): string | null {
  const profile = savedProfile(state);
  if (profile === null || profile === 'unreadable') return null;
  if (profile.kind === 'remote') return dataOwnerOf(profile, endpointsOfRemote(profile));
  if (profile.kind === 'demo') return DEMO_DATA_OWNER;
  const account = savedBrowserAccount(state, profile.address);
  return account ? dataOwnerOf(profile, account.endpoints) : null;
}
