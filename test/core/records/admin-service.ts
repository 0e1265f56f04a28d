import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toIpcError } from '../../../src/main/core/ipc-errors';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../../src/server';
import type { IpcError } from '../../../src/shared/ipc';
import {
  createHarness,
  FIXED_TOKENS,
  remoteProfileOf,
  serviceAsDemo,
  type Harness,
} from '../app-core.harness';

/** The local service's restricted demo user sees these assets only (docs/interface-decisions.md). */
export const RESTRICTED_ASSETS = [1, 2, 3] as const;
/** An asset the restricted user may not see. */
export const FOREIGN_ASSET = 4;

/**
 * A local service with fixed tokens and a data directory that survives a
 * stop, so a test can take it away (the app is then offline for real) and
 * bring it back on the same port. Two app cores talk to it: the operator
 * (every asset, through the Demo profile) and the restricted dispatcher
 * (assets 1–3, through a Remote profile with its token).
 */
export interface AdminService {
  readonly service: () => LocalService;
  readonly operator: Harness;
  readonly restricted: Harness;
  stopService(): Promise<void>;
  startService(): Promise<LocalService>;
  close(): Promise<void>;
}

export async function startAdminService(extra: Partial<LocalServiceOptions> = {}): Promise<AdminService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-admin-svc-'));
  let port = 0;
  let current: LocalService | null = null;
  const start = async (): Promise<LocalService> => {
    current = await startLocalService({
      port,
      fleetSize: 12,
      tickMs: 1000,
      dataDir,
      tokens: FIXED_TOKENS,
      reportWorkers: 1,
      ...extra,
    });
    port = current.port;
    return current;
  };
  const first = await start();
  const timing = { reportPollMs: 500, reportProgressPollMs: 100, commandPollMs: 200 };
  const operator = createHarness({ startDemo: serviceAsDemo(first), timing });
  await operator.core.start();
  const restricted = createHarness({ startDemo: serviceAsDemo(first), timing });
  await restricted.core.start();
  await restricted.call('session.signInRemote', {
    profile: remoteProfileOf(first),
    token: FIXED_TOKENS.restricted,
  });
  return {
    service: () => {
      if (!current) throw new Error('the service is stopped');
      return current;
    },
    operator,
    restricted,
    async stopService() {
      await current?.stop();
      current = null;
    },
    startService: start,
    async close() {
      await operator.stop();
      await restricted.stop();
      await current?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The IpcError a shell would send back for a call the core refused. */
export async function refusal(call: Promise<unknown>): Promise<IpcError> {
  try {
    await call;
  } catch (err) {
    return toIpcError(err);
  }
  throw new Error('the call was not refused');
}
