import {
  serviceAddressSchema,
  type Notice,
  type OAuthProfile,
  type Profile,
  type RemoteProfile,
  type SessionView,
} from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import { createDeprecationTracker } from '../api/deprecation-tracker';
import { fixedToken, type AccessTokenSource } from './access-token';
import { openConnection, type Connection } from './connection';
import { dataOwnerOf } from './data-owner';
import { demoLifetime } from './demo-lifetime';
import type { StartDemoService } from './demo-service';
import { clientConfiguration } from './oauth/client-configuration';
import { discoverIssuer, type DiscoveredIssuer } from './oauth/issuer-discovery';
import { createOAuthTokens, type OAuthTokens } from './oauth/oauth-tokens';
import { signedInUserOf } from './oauth/signed-in-user';
import { createPendingSignIns } from './pending-sign-in';
import { checkRemoteProfile } from './remote-profile';
import {
  REFRESH_TOKEN_KEY,
  saveBrowserAccount,
  savedBrowserAccount,
  savedProfile,
  saveProfile,
  TOKEN_KEY,
  type SessionState,
} from './saved-session';
import type { SecretStore } from './secret-store';
import { endpointsOfRemote, type ServiceEndpoints } from './service-endpoints';
import { SignInError } from './sign-in-error';

export type { Connection } from './connection';
export { SignInError } from './sign-in-error';

const DEMO_PROFILE: Profile = { kind: 'demo', name: 'Demo fleet (local service)' };

export interface SessionOptions {
  readonly secrets: SecretStore;
  /** Remembers the last profile (the app's settings store). */
  readonly state: SessionState;
  readonly startDemo: StartDemoService;
  /** Shows a sign-in page in the system browser (the shell's openExternal; RFC 8252 §6). */
  readonly openBrowser?: (url: string) => Promise<void>;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly onNotice?: (notice: Notice) => void;
  /** A notice of this session's that a new sign-in made untrue. */
  readonly onNoticeWithdrawn?: (id: string) => void;
  readonly onReachability?: (online: boolean) => void;
  readonly log?: { warn(message: string): void };
  /** How long a browser sign-in waits for the operator (pending-sign-in.ts). */
  readonly signInWaitMs?: number;
}

export interface SignInRemoteArgs {
  readonly profile: unknown;
  readonly token: string;
  /** Only meaningful where the OS has no real keyring (basic_text). */
  readonly persistToken?: boolean;
}

export interface SignInWithBrowserArgs {
  readonly address: string;
  readonly name?: string;
  /** Only meaningful where the OS has no real keyring (basic_text). */
  readonly persistToken?: boolean;
}

export interface Session {
  /** What the renderer may see: never a token. */
  view(): SessionView;
  /** At start: the last profile and its stored token or grant; the Demo profile on first run. */
  restore(): Promise<SessionView>;
  signInDemo(): Promise<SessionView>;
  /** The fallback: a pasted token and every address by hand. */
  signInRemote(args: SignInRemoteArgs): Promise<SessionView>;
  /** RFC 8252: the service's own sign-in page in the system browser; resolves once it is done there. */
  signInWithBrowser(args: SignInWithBrowserArgs): Promise<SessionView>;
  cancelSignIn(): void;
  openSignInPage(): Promise<void>;
  signOut(): Promise<SessionView>;
  connection(): Connection | null;
  /** Whose local data the app shows (data-owner.ts): the account signed in last; null before any. */
  dataOwner(): string | null;
  subscribe(listener: (view: SessionView) => void): () => void;
  dispose(): Promise<void>;
}

/** Who a new connection is for, and how its token comes. */
interface Adoption {
  readonly profile: Profile;
  readonly endpoints: ServiceEndpoints;
  readonly user: Connection['user'];
  readonly tokens: AccessTokenSource;
  readonly grant: OAuthTokens | null;
  /** Whether its secret is kept on disk (SessionView.tokenPersisted). */
  readonly persisted: boolean;
}

export function createSession(options: SessionOptions): Session {
  const now = options.now ?? Date.now;
  const log = options.log ?? { warn: (m: string) => console.warn(`[session] ${m}`) };
  const listeners = new Set<(view: SessionView) => void>();
  const deprecations = createDeprecationTracker((n) => options.onNotice?.(n), now);
  const demo = demoLifetime(options.startDemo);
  const transport = { fetch: options.fetch };
  let profile: Profile | null = null;
  let conn: Connection | null = null;
  /** The connection's OAuth grant: renewed while it lasts, revoked at sign-out. */
  let grant: OAuthTokens | null = null;
  let owner: string | null = null;
  let needsSignIn = false;
  let tokenPersisted = false;
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
    pendingSignIn: pending.shown(),
  });

  const changed = (): SessionView => {
    const v = view();
    for (const l of listeners) l(v);
    return v;
  };

  const pending = createPendingSignIns({
    closed: closing.signal,
    waitMs: options.signInWaitMs,
    onChange: changed,
  });

  const notice = (n: Omit<Notice, 'at'>): void => options.onNotice?.({ ...n, at: now() });
  /** Why the operator was sent to the Connect screen (a sign-in that ended, a Demo that failed): untrue once signed in. */
  const signedOutBecause = new Set<string>();
  const problem = (n: Omit<Notice, 'at'>): void => {
    signedOutBecause.add(n.id);
    notice(n);
  };

  const keyringNotice = (): void => {
    if (options.secrets.kind !== 'basic_text' || keyringNoticeShown) return;
    keyringNoticeShown = true;
    notice({
      id: 'keyring:basic_text',
      kind: 'keyring',
      message:
        'This system has no keyring Fleetdesk can use, so your sign-in is kept in memory only and you sign in ' +
        'again after a restart. You may choose to save it on disk; it is then only obfuscated, not encrypted.',
    });
  };

  /** A real keychain always stores; basic_text only on the user's word; memory never. */
  const keeps = (persist: boolean): boolean =>
    options.secrets.kind === 'keychain' || (options.secrets.kind === 'basic_text' && persist);

  /** A 401 that no renewal could answer: "needs sign-in"; the cache, the queue and the profile stay. */
  const refusedBy = (c: () => Connection | null) => (): void => {
    if (conn === null || conn !== c() || needsSignIn) return;
    needsSignIn = true;
    changed();
  };

  const adopt = (a: Adoption): void => {
    const previous = grant;
    grant = a.grant;
    profile = a.profile;
    needsSignIn = false;
    tokenPersisted = a.persisted;
    owner = dataOwnerOf(a.profile, a.endpoints);
    let self: Connection | null = null;
    self = openConnection({
      profile: a.profile,
      endpoints: a.endpoints,
      user: a.user,
      tokens: a.tokens,
      isCurrent: () => conn !== null && conn === self,
      onRefused: refusedBy(() => self),
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      now,
      deprecations,
      onReachability: options.onReachability,
      closed: closing.signal,
    });
    conn = self;
    saveProfile(options.state, a.profile);
    for (const id of signedOutBecause) options.onNoticeWithdrawn?.(id);
    signedOutBecause.clear();
    // Replaced by another sign-in: the old grant is of no use to anyone; the service may forget it.
    if (previous && previous !== a.grant) void previous.revoke();
  };

  /** The grant's service refused to renew it: signed out, with a notice; local data stays for the next sign-in. */
  const grantEnded =
    (ended: () => OAuthTokens | null) =>
    (reason: string): void => {
      if (grant === null || grant !== ended() || disposed) return;
      needsSignIn = true;
      tokenPersisted = false;
      problem({
        id: `session:ended:${now()}`,
        kind: 'error',
        message:
          `Your sign-in to ${profile?.name ?? 'the service'} has ended: the service did not renew it (${reason}). ` +
          'Sign in again to go on; your reports, tracking links and cached history are kept, and reports ' +
          'waiting to be sent go out once you are back.',
      });
      changed();
    };

  const grantOf = (
    config: DiscoveredIssuer['config'],
    tokens: {
      access: { token: string; expiresInSeconds: number | undefined } | null;
      refresh: string | null;
    },
    keep: boolean,
  ): OAuthTokens => {
    let self: OAuthTokens | null = null;
    self = createOAuthTokens({
      config,
      access: tokens.access,
      refreshToken: tokens.refresh,
      async save(refresh) {
        if (!keep) return;
        if (refresh === null) await options.secrets.delete(REFRESH_TOKEN_KEY);
        else await options.secrets.set(REFRESH_TOKEN_KEY, refresh);
      },
      onEnded: grantEnded(() => self),
      now,
      log,
    });
    return self;
  };

  /** Discovery, the page in a browser (or the demo's stand-in), the code for tokens, and who signed in. */
  const authorize = async (address: string, open: (url: string) => Promise<void>, shown: boolean) => {
    const issuer = await discoverIssuer(address, transport);
    if (disposed) throw new SignInError('cancelled', 'Fleetdesk is closing.');
    const tokens = await pending.run(issuer.config, address, open, shown);
    const user = signedInUserOf(tokens);
    const endpoints: ServiceEndpoints = { ...issuer.service, account_key: user.accountKey, user_id: user.id };
    return { issuer, tokens, user, endpoints };
  };

  const signInDemo = async (): Promise<SessionView> => {
    const d = await demo.running();
    if (!d) return view();
    const signedIn = await authorize(d.address, (url) => d.signIn(url), false);
    if (disposed || !demo.isCurrent(d)) return view();
    // The in-process service starts afresh each run: its grant is never kept.
    await options.secrets.delete(TOKEN_KEY);
    await options.secrets.delete(REFRESH_TOKEN_KEY);
    const g = grantOf(
      signedIn.issuer.config,
      {
        access: { token: signedIn.tokens.access_token, expiresInSeconds: signedIn.tokens.expires_in },
        refresh: signedIn.tokens.refresh_token ?? null,
      },
      false,
    );
    adopt({
      profile: DEMO_PROFILE,
      endpoints: signedIn.endpoints,
      user: { id: signedIn.user.id, name: signedIn.user.name },
      tokens: g,
      grant: g,
      persisted: false,
    });
    return changed();
  };

  /**
   * A secret kept from the last run, or null with the reason told when it cannot be read now: the
   * restore goes on to "needs sign-in" instead of failing the app's start, and the file stays as it is.
   */
  const savedSecret = async (key: string): Promise<string | null> => {
    try {
      return await options.secrets.get(key);
    } catch (err) {
      problem({
        id: `session:secret-unreadable:${now()}`,
        kind: 'error',
        message: `${err instanceof Error ? err.message : String(err)}. Sign in again to keep working.`,
      });
      return null;
    }
  };

  /** A stored profile and token / grant back in use, or "needs sign-in" when its secret is gone. */
  const restoreRemote = async (p: RemoteProfile | OAuthProfile): Promise<SessionView> => {
    await demo.stop();
    if (p.kind === 'remote') {
      const token = await savedSecret(TOKEN_KEY);
      if (disposed) return view();
      if (token !== null) {
        adopt({
          profile: p,
          endpoints: endpointsOfRemote(p),
          user: { id: p.user_id, name: `User ${p.user_id}` },
          tokens: fixedToken(token),
          grant: null,
          persisted: true,
        });
        keyringNotice();
        return changed();
      }
      profile = p;
      owner = dataOwnerOf(p, endpointsOfRemote(p));
    } else {
      const account = savedBrowserAccount(options.state, p.address);
      const refresh = await savedSecret(REFRESH_TOKEN_KEY);
      if (disposed) return view();
      profile = p;
      owner = account ? dataOwnerOf(p, account.endpoints) : null;
      if (account && refresh !== null) {
        const g = grantOf(clientConfiguration(account.metadata, transport), { access: null, refresh }, true);
        adopt({
          profile: p,
          endpoints: account.endpoints,
          user: account.user,
          tokens: g,
          grant: g,
          persisted: true,
        });
        keyringNotice();
        return changed();
      }
    }
    needsSignIn = true;
    keyringNotice();
    return changed();
  };

  return {
    view,
    connection: () => conn,
    dataOwner: () => owner,

    async restore() {
      const stored = savedProfile(options.state);
      if (stored === 'unreadable')
        notice({
          id: 'session:unreadable-profile',
          kind: 'info',
          message:
            'The connection used last time is no longer accepted (a remote service must use https:// unless it runs on this computer), so the Demo fleet is shown. Connect again from the sign-in screen.',
        });
      if (stored !== null && stored !== 'unreadable' && stored.kind !== 'demo') return restoreRemote(stored);
      try {
        return await signInDemo();
      } catch (err) {
        if (disposed) return view();
        // The Connect screen shows, with why: a remote service may still be signed in to.
        problem({
          id: `session:demo-failed:${now()}`,
          kind: 'error',
          message: `The Demo fleet could not be signed in to: ${err instanceof Error ? err.message : String(err)}`,
        });
        return changed();
      }
    },

    signInDemo,

    async signInRemote(args) {
      const checked = checkRemoteProfile(args.profile);
      if (!checked.ok) throw new SignInError('invalid', checked.message, checked.errors);
      const token = args.token.trim();
      if (token.length < 8)
        throw new SignInError('invalid', 'The access token looks incomplete.', { token: ['is too short'] });
      const p = checked.profile;
      // Try the token before keeping it. Only a refusal rejects it: a network failure
      // never invalidates a token (docs/architecture.md §3), so offline the sign-in stands.
      const trial = openConnection({
        profile: p,
        endpoints: endpointsOfRemote(p),
        user: { id: 0, name: '' },
        tokens: fixedToken(token),
        isCurrent: () => !disposed,
        onRefused: () => undefined,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        now,
        closed: closing.signal,
      });
      try {
        await trial.fleet.assetPage(1);
      } catch (err) {
        if (disposed) return view();
        if (err instanceof ApiError && err.kind === 'unauthorized')
          throw new SignInError(
            'refused',
            'The service refused this access token (401). Check the token and the account key.',
          );
        if (err instanceof ApiError && err.kind === 'forbidden')
          throw new SignInError('refused', 'This token has no access to the account (403).');
        if (!(err instanceof ApiError && err.transient)) throw err;
      }
      await demo.stop();
      if (disposed) return view();
      const store = keeps(args.persistToken ?? false);
      adopt({
        profile: p,
        endpoints: endpointsOfRemote(p),
        user: { id: p.user_id, name: `User ${p.user_id}` },
        tokens: fixedToken(token),
        grant: null,
        persisted: store,
      });
      await options.secrets.delete(REFRESH_TOKEN_KEY);
      if (store) await options.secrets.set(TOKEN_KEY, token);
      else await options.secrets.delete(TOKEN_KEY);
      if (disposed) return view();
      keyringNotice();
      return changed();
    },

    async signInWithBrowser(args) {
      const address = serviceAddressSchema.safeParse(args.address);
      if (!address.success)
        throw new SignInError(
          'invalid',
          `Check the service address: it ${address.error.issues[0]?.message ?? 'is not valid'}.`,
          {
            address: address.error.issues.map((i) => i.message),
          },
        );
      const url = new URL(address.data);
      // The issuer identifier as the service states it: no trailing slash on a bare host (RFC 8414 §3.3 compares exactly).
      const issuer = url.pathname === '/' ? url.origin : url.href.replace(/\/+$/, '');
      const open = options.openBrowser;
      if (!open)
        throw new SignInError('unsupported', 'This shell cannot open a browser; sign in with a token.');
      const signedIn = await authorize(issuer, open, true);
      if (disposed) return view();
      const p: OAuthProfile = { kind: 'oauth', name: args.name ?? url.host, address: issuer };
      const store = keeps(args.persistToken ?? false);
      const refresh = signedIn.tokens.refresh_token ?? null;
      await demo.stop();
      if (disposed) return view();
      const g = grantOf(
        signedIn.issuer.config,
        {
          access: { token: signedIn.tokens.access_token, expiresInSeconds: signedIn.tokens.expires_in },
          refresh,
        },
        store,
      );
      adopt({
        profile: p,
        endpoints: signedIn.endpoints,
        user: { id: signedIn.user.id, name: signedIn.user.name },
        tokens: g,
        grant: g,
        persisted: store && refresh !== null,
      });
      saveBrowserAccount(options.state, {
        address: issuer,
        metadata: signedIn.issuer.metadata,
        endpoints: signedIn.endpoints,
        user: { id: signedIn.user.id, name: signedIn.user.name },
      });
      await options.secrets.delete(TOKEN_KEY);
      if (store && refresh !== null) await options.secrets.set(REFRESH_TOKEN_KEY, refresh);
      else await options.secrets.delete(REFRESH_TOKEN_KEY);
      if (disposed) return view();
      keyringNotice();
      return changed();
    },

    cancelSignIn: () => pending.cancel('The sign-in was cancelled.'),
    openSignInPage: () => pending.openAgain(),

    async signOut() {
      const g = grant;
      grant = null;
      conn = null;
      needsSignIn = false;
      tokenPersisted = false;
      pending.cancel('Signed out.');
      const v = changed();
      await options.secrets.delete(TOKEN_KEY);
      await options.secrets.delete(REFRESH_TOKEN_KEY);
      // RFC 7009, best effort: offline, the sign-out stands and the grant expires at the service.
      await g?.revoke();
      await demo.stop();
      return v;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async dispose() {
      disposed = true;
      grant?.stop();
      conn = null;
      listeners.clear();
      closing.abort();
      await demo.close();
    },
  };
}
