import { z } from 'zod';
import { accountChannelName, broadcastingAuthResponseSchema } from '../../../shared/interface';
import type { AccessView, Permission } from '../../../shared/ipc/fleet-admin-views';
import { liveAuthEndpoint } from '../realtime/pusher-settings';
import type { Connection } from '../session/session';
import { scopeOf } from '../records/admin-context';

/**
 * What the signed-in user may do beyond their own assets (spec 5). The spec
 * has no "who am I"; the live channel's authorization says it: for a user
 * restricted to some assets the local service signs `channel_data` naming
 * them (docs/service-interface.md §6.2), which main asks for once per sign-in
 * (a Pusher socket id is only an input of the signature; nothing subscribes).
 * Without that answer a user is known to see the whole fleet only on the
 * demo's own service; elsewhere main does not know, leaves the actions
 * allowed, and learns from a refusal.
 */
export interface AccessModel {
  view(): Promise<AccessView>;
  /** The service refused a whole-fleet action with 403: this user is restricted. */
  refusedWholeFleet(): void;
  /** Signed in as someone else, or signed out: ask again. */
  reset(): void;
}

const channelDataSchema = z.object({ asset_ids: z.array(z.int()).nullable().optional() });
/** Any socket id: the authorization is computed for it and thrown away. */
const PROBE_SOCKET_ID = '1.1';

const RESTRICTED_REASON =
  'Your account sees only some of the fleet’s assets; actions for the whole fleet need an account that sees every asset.';
const allowed: Permission = { allowed: true, reason: null };
const refused: Permission = { allowed: false, reason: RESTRICTED_REASON };

export function viewOf(wholeFleet: boolean | null): AccessView {
  const may = wholeFleet === false ? refused : allowed;
  return { wholeFleet, may: { wholeFleetAlert: may, linkWholeAccount: may } };
}

export function createAccessModel(options: {
  readonly connection: () => Connection | null;
  onChanged(view: AccessView): void;
}): AccessModel {
  const known = new Map<string, boolean | null>();

  const probe = async (conn: Connection): Promise<boolean | null> => {
    const route = 'POST /broadcasting/auth';
    const res = await conn.http.send({
      method: 'POST',
      url: liveAuthEndpoint(conn.endpoints.api_url),
      route,
      body: { channel_name: accountChannelName(conn.endpoints.account_key), socket_id: PROBE_SOCKET_ID },
    });
    const answer = conn.http.parse(broadcastingAuthResponseSchema, res.body, route);
    if (answer.channel_data !== undefined) {
      const data = channelDataSchema.safeParse(JSON.parse(answer.channel_data));
      if (data.success && Array.isArray(data.data.asset_ids)) return false;
    }
    return conn.profile.kind === 'demo' ? true : null;
  };

  return {
    async view() {
      const conn = options.connection();
      if (!conn) return viewOf(null);
      const scope = scopeOf(conn);
      if (!known.has(scope)) {
        try {
          known.set(scope, await probe(conn));
        } catch {
          // Offline or refused: not known yet; asked again next time.
          return viewOf(null);
        }
      }
      return viewOf(known.get(scope) ?? null);
    },
    refusedWholeFleet() {
      const conn = options.connection();
      if (!conn) return;
      const scope = scopeOf(conn);
      if (known.get(scope) === false) return;
      known.set(scope, false);
      options.onChanged(viewOf(false));
    },
    reset() {
      known.clear();
    },
  };
}
