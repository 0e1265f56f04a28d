import { profileSchema, type Notice, type Profile, type SessionView } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import { createDeprecationTracker } from '../api/deprecation-tracker';
import { createFleetApi, type FleetApi } from '../api/fleet-api';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { createReportsApi, type ReportsApi } from '../api/reports-api';
import type { SettingsStore } from '../cache/settings-store';
import type { DemoService, StartDemoService } from './demo-service';
import { checkRemoteProfile } from './remote-profile';
import type { SecretStore } from './secret-store';
import { endpointsOfRemote, type ServiceEndpoints } from './service-endpoints';

const TOKEN_KEY = 'session.token';
const PROFILE_KEY = 'session.profile';
const DEMO_PROFILE: Profile = { kind: 'demo', name: 'Demo fleet (local service)' };
/** Our local service pages up to 500 (ASSET_PAGE_SIZE_MAX); a real one gets only `page` (spec 4.2). */
const DEMO_PAGE_SIZE = 500;

/**
 * The signed-in connection, for main only: the token lives in here and in
 * the SecretStore, nowhere else. Fleet, history, realtime and the reports
 * client are composed from it.
 */
export interface Connection {
  readonly profile: Profile;
  readonly endpoints: ServiceEndpoints;
  readonly user: { readonly id: number; readonly name: string };
  readonly token: string;
  readonly http: HttpClient;
  readonly fleet: FleetApi;
  readonly reports: ReportsApi;
  /** The service refused the token outside our HTTP client (the channel authorization pusher-js makes). */
  refused(): void;
}

export interface SessionOptions {
  readonly secrets: SecretStore;
  /** Remembers the last profile (the offline cache's settings store). */
  readonly state: Pick<SettingsStore, 'getValue' | 'setValue' | 'deleteValue'>;
  readonly startDemo: StartDemoService;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly onNotice?: (notice: Notice) => void;
  readonly onReachability?: (online: boolean) => void;
}

export interface SignInRemoteArgs {
  readonly profile: unknown;
  readonly token: string;
  /** Only meaningful where the OS has no real keyring (basic_text). */
  readonly persistToken?: boolean;
}

export interface Session {
  /** What the renderer may see: never the token. */
  view(): SessionView;
  /** At start: the last profile and its stored token; the Demo profile on first run. */
  restore(): Promise<SessionView>;
  signInDemo(): Promise<SessionView>;
  signInRemote(args: SignInRemoteArgs): Promise<SessionView>;
  signOut(): Promise<SessionView>;
  connection(): Connection | null;
  subscribe(listener: (view: SessionView) => void): () => void;
  dispose(): Promise<void>;
}

export class SignInError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> | null = null,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

export function createSession(options: SessionOptions): Session {
  const now = options.now ?? Date.now;
  const listeners = new Set<(view: SessionView) => void>();
  const deprecations = createDeprecationTracker((n) => options.onNotice?.(n), now);
  let profile: Profile | null = null;
  let conn: Connection | null = null;
  let needsSignIn = false;
  let tokenPersisted = false;
  /** The Demo service, from the moment its start is asked for: whoever clears this stops it. */
  let demo: Promise<DemoService> | null = null;
  let keyringNoticeShown = false;
  /** Quitting: what is still under way finishes without touching the closed cache or starting anything. */
  let disposed = false;
  const closing = new AbortController();

  const view = (): SessionView => ({
    signedIn: conn !== null,
    needsSignIn,
    profile,
    user: conn ? { id: conn.user.id, name: conn.user.name } : null,
    secretStorage: options.secrets.kind,
    tokenPersisted,
  });

  const changed = (): SessionView => {
    const v = view();
    for (const l of listeners) l(v);
    return v;
  };

  /** `trial`: a token being tried at sign-in, not yet the session's. */
  const connect = (
    p: Profile,
    endpoints: ServiceEndpoints,
    user: Connection['user'],
    token: string,
    trial = false,
  ): Connection => {
    const refused = (): void => {
      // Issue 4 §1: a 401 anywhere → "needs sign-in"; the cache and the profile stay.
      if (trial || conn?.token !== token || needsSignIn) return;
      needsSignIn = true;
      changed();
    };
    const http = createHttpClient({
      // Read per request: after sign-out or a new sign-in, an old client has no token to send.
      getToken: () => (trial || conn?.token === token ? token : null),
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      now,
      deprecations,
      onUnauthorized: refused,
      onReachability: options.onReachability,
      closed: closing.signal,
    });
    const pageSize = p.kind === 'demo' ? DEMO_PAGE_SIZE : undefined;
    return {
      profile: p,
      endpoints,
      user,
      token,
      http,
      fleet: createFleetApi(http, { apiUrl: endpoints.api_url, accountKey: endpoints.account_key, pageSize }),
      reports: createReportsApi(http, endpoints.base_url),
      refused,
    };
  };

  const stopDemo = async (): Promise<void> => {
    const starting = demo;
    demo = null;
    // A start that failed has nothing to stop; its caller reports the failure.
    const d = await starting?.catch(() => null);
    await d?.stop();
  };

  /** The running Demo service, started if need be; null if it was stopped meanwhile (quit, sign-out). */
  const runningDemo = async (): Promise<DemoService | null> => {
    if (disposed) return null;
    const starting = (demo ??= options.startDemo());
    try {
      const d = await starting;
      return demo === starting && !disposed ? d : null;
    } catch (err) {
      if (demo === starting) demo = null;
      throw err;
    }
  };

  const keyringNotice = (): void => {
    if (options.secrets.kind !== 'basic_text' || keyringNoticeShown) return;
    keyringNoticeShown = true;
    options.onNotice?.({
      id: 'keyring:basic_text',
      kind: 'keyring',
      message:
        'This system has no keyring Fleetdesk can use, so your access token is kept in memory only and you sign in ' +
        'again after a restart. You may choose to save it on disk; it is then only obfuscated, not encrypted.',
      at: now(),
    });
  };

  const signInDemo = async (): Promise<SessionView> => {
    const d = await runningDemo();
    if (!d) return view();
    // Demo tokens are issued afresh by each start of the local service: nothing to keep.
    await options.secrets.delete(TOKEN_KEY);
    if (disposed) return view();
    profile = DEMO_PROFILE;
    tokenPersisted = false;
    needsSignIn = false;
    conn = connect(DEMO_PROFILE, d.endpoints, { id: d.operator.id, name: d.operator.name }, d.operator.token);
    options.state.setValue(PROFILE_KEY, DEMO_PROFILE);
    return changed();
  };

  const adoptRemote = async (
    p: Extract<Profile, { kind: 'remote' }>,
    token: string,
    persist: boolean,
  ): Promise<boolean> => {
    await stopDemo();
    if (disposed) return false;
    profile = p;
    needsSignIn = false;
    conn = connect(p, endpointsOfRemote(p), { id: p.user_id, name: `User ${p.user_id}` }, token);
    // A real keychain always stores; basic_text only on the user's word; memory never.
    const store = options.secrets.kind === 'keychain' || (options.secrets.kind === 'basic_text' && persist);
    if (store) await options.secrets.set(TOKEN_KEY, token);
    else await options.secrets.delete(TOKEN_KEY);
    if (disposed) return false;
    tokenPersisted = store;
    options.state.setValue(PROFILE_KEY, p);
    keyringNotice();
    return true;
  };

  return {
    view,
    connection: () => conn,

    async restore() {
      const stored = profileSchema.safeParse(options.state.getValue(PROFILE_KEY));
      if (!stored.success || stored.data.kind === 'demo') return signInDemo();
      const p = stored.data;
      const token = await options.secrets.get(TOKEN_KEY);
      if (disposed) return view();
      profile = p;
      if (token === null) {
        needsSignIn = true;
        keyringNotice();
        return changed();
      }
      return (await adoptRemote(p, token, true)) ? changed() : view();
    },

    signInDemo,

    async signInRemote(args) {
      const checked = checkRemoteProfile(args.profile);
      if (!checked.ok) throw new SignInError(checked.message, checked.errors);
      const token = args.token.trim();
      if (token.length < 8)
        throw new SignInError('The access token looks incomplete.', { token: ['is too short'] });
      // Try the token before keeping it. Only a refusal rejects it: a network failure
      // never invalidates a token (issue 4 §1), so offline the sign-in stands.
      const trial = connect(
        checked.profile,
        endpointsOfRemote(checked.profile),
        { id: 0, name: '' },
        token,
        true,
      );
      try {
        await trial.fleet.assetPage(1);
      } catch (err) {
        if (disposed) return view();
        if (err instanceof ApiError && err.kind === 'unauthorized')
          throw new SignInError(
            'The service refused this access token (401). Check the token and the account key.',
          );
        if (err instanceof ApiError && err.kind === 'forbidden')
          throw new SignInError('This token has no access to the account (403).');
        if (!(err instanceof ApiError && err.transient)) throw err;
      }
      return (await adoptRemote(checked.profile, token, args.persistToken ?? false)) ? changed() : view();
    },

    async signOut() {
      await options.secrets.delete(TOKEN_KEY);
      conn = null;
      needsSignIn = false;
      tokenPersisted = false;
      await stopDemo();
      return changed();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async dispose() {
      disposed = true;
      conn = null;
      listeners.clear();
      closing.abort();
      await stopDemo();
    },
  };
}
