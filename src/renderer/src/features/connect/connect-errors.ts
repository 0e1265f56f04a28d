import { issuesToFieldErrors } from '../../../../shared/interface';
import {
  PLAIN_TRANSPORT_MESSAGE,
  remoteProfileSchema,
  serviceAddressSchema,
  type RemoteProfile,
} from '../../../../shared/ipc';
import { isApiError } from '../../api';

export interface ConnectError {
  readonly message: string;
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** The service has no browser sign-in: the token form under "More options" is the way in. */
  readonly useToken?: boolean;
}

export const REMOTE_FIELDS = [
  { key: 'name', label: 'Connection name', placeholder: 'Head office', type: 'text' },
  { key: 'api_url', label: 'Fleet API URL', placeholder: 'https://api.example.com', type: 'url' },
  { key: 'api_ws_url', label: 'Fleet WebSocket URL', placeholder: 'wss://ws.example.com', type: 'url' },
  { key: 'base_url', label: 'Reporting API URL', placeholder: 'https://reports.example.com', type: 'url' },
  { key: 'ws_url', label: 'Reporting WebSocket URL', placeholder: 'wss://ws.example.com', type: 'url' },
  { key: 'tracking_url', label: 'Tracking page URL', placeholder: 'https://track.example.com', type: 'url' },
  { key: 'app_key', label: 'WebSocket app key', placeholder: '', type: 'text' },
  { key: 'account_key', label: 'Account key', placeholder: '', type: 'text' },
  { key: 'user_id', label: 'User id', placeholder: '42', type: 'number' },
] as const;

export type RemoteFieldKey = (typeof REMOTE_FIELDS)[number]['key'];
export type RemoteDraft = Record<RemoteFieldKey, string>;

export function emptyDraft(): RemoteDraft {
  return {
    name: '',
    api_url: '',
    api_ws_url: '',
    base_url: '',
    ws_url: '',
    tracking_url: '',
    app_key: '',
    account_key: '',
    user_id: '',
  };
}

function hintFor(f: (typeof REMOTE_FIELDS)[number]): string {
  if (f.type === 'url') return `must be a full address such as ${f.placeholder}`;
  if (f.type === 'number') return 'must be a positive whole number';
  return 'is required';
}

/** The form's strings checked by the same schema main uses (views.ts), with per-field messages. */
export function checkDraft(
  draft: RemoteDraft,
): { ok: true; profile: RemoteProfile } | { ok: false; error: ConnectError } {
  const userId = draft.user_id.trim() === '' ? Number.NaN : Number(draft.user_id);
  const parsed = remoteProfileSchema.safeParse({ ...draft, kind: 'remote', user_id: userId });
  if (parsed.success) return { ok: true, profile: parsed.data };
  const raw = issuesToFieldErrors(parsed.error.issues);
  const fields: Record<string, string[]> = {};
  // In form order, in words an operator can act on rather than the schema's; why plain http is refused, as it is.
  for (const f of REMOTE_FIELDS) {
    const found = raw[f.key];
    if (found)
      fields[f.key] = [found.includes(PLAIN_TRANSPORT_MESSAGE) ? PLAIN_TRANSPORT_MESSAGE : hintFor(f)];
  }
  const named = REMOTE_FIELDS.filter((f) => fields[f.key]).map((f) => f.label);
  return { ok: false, error: { message: `Check ${named.join(', ')}.`, fields } };
}

/** The address typed for a browser sign-in, checked by the schema main uses; the error names the field. */
export function checkAddress(
  address: string,
): { ok: true; address: string } | { ok: false; error: ConnectError } {
  const parsed = serviceAddressSchema.safeParse(address.trim());
  if (parsed.success) return { ok: true, address: parsed.data };
  const first = parsed.error.issues[0]?.message ?? '';
  const why =
    first === PLAIN_TRANSPORT_MESSAGE || first.startsWith('must be the service address')
      ? first
      : 'must be a full address such as https://fleet.example.com';
  return {
    ok: false,
    error: { message: `Check the service address: it ${why}.`, fields: { address: [why] } },
  };
}

/** What an operator should do about a failed browser sign-in, from the contract's error codes. */
export function browserSignInErrorOf(err: unknown): ConnectError {
  if (!isApiError(err)) return connectErrorOf(err);
  switch (err.code) {
    case 'sign_in_unsupported':
      return { message: err.message, fields: {}, useToken: true };
    case 'unauthorized':
    case 'cancelled':
      return { message: err.message, fields: {} };
    case 'offline':
    case 'timeout':
      return {
        message:
          'No network: the service could not be reached. Check your connection and the address, then retry.',
        fields: { address: ['could not be reached'] },
      };
    case 'bad_response':
      return { message: err.message, fields: { address: ['did not answer as a fleet service'] } };
    default:
      return connectErrorOf(err);
  }
}

/** What an operator should do about a failed sign-in with a token, from the contract's error codes. */
export function connectErrorOf(err: unknown): ConnectError {
  if (!isApiError(err)) {
    return { message: `Could not sign in: ${err instanceof Error ? err.message : String(err)}`, fields: {} };
  }
  const fields = err.details ?? {};
  switch (err.code) {
    case 'invalid_request':
    case 'bad_args':
      return { message: err.message || 'Some settings are not valid.', fields };
    case 'unauthorized':
      return {
        message: `The service refused the access token. ${err.message} Paste a fresh token.`,
        fields: { token: ['was refused by the service'] },
      };
    case 'forbidden':
      return { message: `This token has no access to that account. ${err.message}`, fields: {} };
    case 'offline':
    case 'timeout':
      return {
        message:
          'No network: the service could not be reached. Check your connection and the URLs, then retry.',
        fields: {},
      };
    case 'not_found':
    case 'bad_response':
      return {
        message:
          'Wrong URL: something answered, but not as the fleet service. Check the API URL and the account key.',
        fields: { api_url: ['did not answer as the fleet service'] },
      };
    case 'unavailable':
      return { message: 'The service is temporarily unavailable (503). Try again in a minute.', fields: {} };
    default:
      return { message: `Could not sign in: ${err.message}`, fields };
  }
}
