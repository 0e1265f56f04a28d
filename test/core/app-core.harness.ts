import type { Fleet } from '../../src/server/sim/types';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore, type AppCore, type AppCoreOptions } from '../../src/main/core/app-core';
import type { ShellNotification, ShellServices } from '../../src/main/core/ipc-handlers';
import type { StartDemoService } from '../../src/main/core/session/demo-service';
import { demoServiceOf, endpointsOfLocal } from '../../src/main/demo/demo-of-service';
import { createMemorySecretStore } from '../../src/main/core/session/secret-store';
import type { LocalService } from '../../src/server';
import {
  ipcMethods,
  type IpcArgs,
  type IpcEvent,
  type IpcEvents,
  type IpcMethod,
  type IpcResultValue,
} from '../../src/shared/ipc/contract';
import type { RemoteProfile } from '../../src/shared/ipc/views';

/** One push as the renderer would have received it, with its arrival time. */
export interface RecordedPush<E extends IpcEvent = IpcEvent> {
  readonly event: E;
  readonly payload: IpcEvents[E];
  readonly at: number;
}

/** A shell that records what the core asked of it; Save answers with a path in `saveDir`. */
export interface FakeShell extends ShellServices {
  readonly calls: { readonly method: keyof ShellServices; readonly arg: string }[];
  readonly notifications: ShellNotification[];
  readonly badges: number[];
  readonly saveDir: string;
  /** Set to false to answer the next Save dialogs with "cancelled". */
  acceptSave: boolean;
  /** What the photo dialog answers: a path, or null (cancelled). */
  imageFile: string | null;
}

/**
 * `browser`: what the system browser does with an address the core opens (a sign-in page, say);
 * by default nothing but the record of it.
 */
export function fakeShell(saveDir: string, browser?: (url: string) => Promise<void>): FakeShell {
  const shell: FakeShell = {
    calls: [],
    notifications: [],
    badges: [],
    saveDir,
    acceptSave: true,
    imageFile: null,
    async chooseSavePath(filename) {
      shell.calls.push({ method: 'chooseSavePath', arg: filename });
      return shell.acceptSave ? join(saveDir, filename) : null;
    },
    async openPath(path) {
      shell.calls.push({ method: 'openPath', arg: path });
    },
    async showInFolder(path) {
      shell.calls.push({ method: 'showInFolder', arg: path });
    },
    async openExternal(url) {
      shell.calls.push({ method: 'openExternal', arg: url });
      await browser?.(url);
    },
    async copyText(text) {
      shell.calls.push({ method: 'copyText', arg: text });
    },
    async chooseImageFile() {
      shell.calls.push({ method: 'chooseImageFile', arg: '' });
      return shell.imageFile;
    },
    notify(n) {
      shell.notifications.push(n);
    },
    setBadgeCount(count) {
      shell.badges.push(count);
    },
  };
  return shell;
}

export interface Harness {
  readonly core: AppCore;
  readonly dataDir: string;
  readonly shell: FakeShell;
  readonly pushes: RecordedPush[];
  readonly warnings: string[];
  /** Calls a handler the way a shell does: the contract's schema parses the arguments first. */
  call<M extends IpcMethod>(method: M, args?: IpcArgs<M>): Promise<IpcResultValue<M>>;
  /**
   * Resolves with the first push of `event` matching `match`, among those
   * recorded from index `after` of `pushes` on (0: already recorded ones too).
   */
  waitForPush<E extends IpcEvent>(
    event: E,
    match?: (payload: IpcEvents[E]) => boolean,
    timeoutMs?: number,
    after?: number,
  ): Promise<IpcEvents[E]>;
  pushesOf<E extends IpcEvent>(event: E): RecordedPush<E>[];
  stop(): Promise<void>;
}

export function createHarness(
  options: Partial<Omit<AppCoreOptions, 'push' | 'shell' | 'startDemo'>> &
    Pick<AppCoreOptions, 'startDemo'> & {
      readonly keepDir?: boolean;
      /** The system browser: what happens to a page the core opens (operator-browser.ts). */
      readonly browser?: (url: string) => Promise<void>;
    },
): Harness {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fleetdesk-core-'));
  const saveDir = mkdtempSync(join(tmpdir(), 'fleetdesk-save-'));
  const pushes: RecordedPush[] = [];
  const warnings: string[] = [];
  const waiters = new Set<() => void>();
  const shell = fakeShell(saveDir, options.browser);
  const core = createAppCore({
    secretStore: createMemorySecretStore(),
    log: { warn: (m) => warnings.push(m) },
    timing: { reportPollMs: 500 },
    ...options,
    dataDir,
    shell,
    push: (event, payload) => {
      pushes.push({ event, payload, at: Date.now() } as RecordedPush);
      for (const w of [...waiters]) w();
    },
  });

  const isPushOf = <E extends IpcEvent>(p: RecordedPush, event: E): p is RecordedPush<E> => p.event === event;
  const pushesOf = <E extends IpcEvent>(event: E): RecordedPush<E>[] =>
    pushes.filter((p): p is RecordedPush<E> => isPushOf(p, event));

  return {
    core,
    dataDir,
    shell,
    pushes,
    warnings,
    async call(method, args) {
      const parsed = ipcMethods[method].args.parse(args);
      const handler = core.handlers[method] as (a: unknown) => Promise<IpcResultValue<typeof method>>;
      return handler(parsed);
    },
    pushesOf,
    waitForPush(event, match = () => true, timeoutMs = 20_000, after = 0) {
      return new Promise((resolve, reject) => {
        let seen = after;
        const check = (): void => {
          for (; seen < pushes.length; seen++) {
            const p = pushes[seen]!;
            if (isPushOf(p, event) && match(p.payload)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(p.payload);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching ${event} push within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      await core.stop();
      rmSync(saveDir, { recursive: true, force: true });
      if (!options.keepDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The local service seen as a Remote profile (docs/architecture.md §3), for tests that stop and restart it. */
export function remoteProfileOf(service: LocalService, name = 'Local service'): RemoteProfile {
  return { kind: 'remote', name, ...endpointsOfLocal(service) };
}

export const FIXED_TOKENS = {
  operator: 'op-token-0123456789abcdef0123',
  restricted: 're-token-0123456789abcdef0123',
} as const;

/** A running service handed to the core as its Demo service, so the test keeps control of its lifetime. */
export function serviceAsDemo(service: LocalService): StartDemoService {
  return async () => demoServiceOf(service, async () => undefined);
}

/** One HTTP exchange as the core made it. */
export interface FetchRecord {
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly at: number;
}

/** The real fetch, recording every exchange; `intercept` may answer instead of the network. */
export function recordingFetch(
  log: FetchRecord[],
  intercept?: (method: string, url: string) => Response | null,
): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    const fake = intercept?.(method, url) ?? null;
    if (fake) {
      log.push({ method, url, status: fake.status, at: Date.now() });
      return fake;
    }
    try {
      const res = await fetch(input, init);
      log.push({ method, url, status: res.status, at: Date.now() });
      return res;
    } catch (err) {
      log.push({ method, url, status: null, at: Date.now() });
      throw err;
    }
  };
}

/**
 * An asset of the simulated fleet with a whole trip on `day` (YYYY-MM-DD, UTC), other than `except`: its trips
 * report has rows, where the service fails one that would have none (a weekend's yesterday has parked vans).
 */
export function assetWithTrips(fleet: Fleet, day: string, except: readonly number[] = []): number {
  const start = Date.parse(`${day}T00:00:00Z`);
  const end = start + 86_400_000;
  const found = fleet.assets.find(
    (a) =>
      !except.includes(a.id) && fleet.trips(a.id, start, end).some((t) => t.start >= start && t.end <= end),
  );
  if (!found)
    throw new Error(
      `No vehicle of the simulated fleet of ${fleet.assets.length} made a whole trip on ${day} (UTC).`,
    );
  return found.id;
}

/** Yesterday as YYYY-MM-DD (UTC): a full simulated day exists for it. */
export function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}
