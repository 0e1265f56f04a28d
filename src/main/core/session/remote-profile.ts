import { issuesToFieldErrors } from '../../../shared/interface';
import { PLAIN_TRANSPORT_MESSAGE } from '../../../shared/ipc/secure-transport';
import { remoteProfileSchema, type RemoteProfile } from '../../../shared/ipc/views';

/** What each field is, for messages an operator can act on. */
const FIELD_HINTS: Readonly<Record<string, string>> = {
  name: 'a name for this connection (1 to 80 characters)',
  base_url: 'the reporting service address, an https URL such as https://reports.example.com',
  ws_url: 'the reporting WebSocket address, a wss URL such as wss://ws.example.com',
  api_url: 'the fleet tracking address, an https URL such as https://api.example.com',
  api_ws_url: 'the fleet tracking WebSocket address, a wss URL such as wss://ws.example.com',
  tracking_url: 'the public tracking page address, an https URL such as https://track.example.com',
  app_key: 'the WebSocket application key given by the vendor',
  account_key: 'the account key (it appears in API paths as /api/<account_key>)',
  user_id: 'your numeric user id (a positive whole number)',
};

export type RemoteProfileCheck =
  | { readonly ok: true; readonly profile: RemoteProfile }
  | { readonly ok: false; readonly message: string; readonly errors: Record<string, string[]> };

/** A Remote profile (the token form), validated with clear messages per field. */
export function checkRemoteProfile(input: unknown): RemoteProfileCheck {
  const parsed = remoteProfileSchema.safeParse(input);
  if (parsed.success) return { ok: true, profile: parsed.data };
  const raw = issuesToFieldErrors(parsed.error.issues);
  const errors: Record<string, string[]> = {};
  for (const field of Object.keys(raw)) {
    const hint = FIELD_HINTS[field];
    // Why plain http is refused is said as it is: the general hint would hide it.
    if (raw[field]?.includes(PLAIN_TRANSPORT_MESSAGE)) errors[field] = [PLAIN_TRANSPORT_MESSAGE];
    else errors[field] = hint ? [`must be ${hint}`] : (raw[field] ?? []);
  }
  const fields = Object.keys(errors);
  return {
    ok: false,
    message: `The connection settings are not valid: check ${fields.join(', ')}.`,
    errors,
  };
}
