import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/server';
import type { Fleet } from '../../../src/server/sim/types';
import { assetDriving, FLEET_SEED, simulatedFleet } from '../../e2e/renderer/support/fleet-moments';

/**
 * A local fleet service the test owns, signed in to as a Remote profile: the
 * test knows its token (to look for it in the renderer), can stop it (History
 * from the cache) and start it again on the same port with the same tokens
 * (a relaunch restores the session). Its clock runs ahead to a moment with
 * traffic (fleet-moments.ts), so vehicles move whenever the test runs.
 */
export interface OwnedService {
  readonly fleet: Fleet;
  readonly token: string;
  /** What the Remote service form asks for, by its inputs' names. */
  readonly form: Readonly<Record<string, string>>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const OWNED_FLEET_SIZE = 20;

export async function startOwnedService(): Promise<OwnedService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-smoke-service-'));
  const tokens = {
    operator: randomBytes(24).toString('base64url'),
    restricted: randomBytes(24).toString('base64url'),
  };
  const fleet = simulatedFleet(OWNED_FLEET_SIZE);
  const wall = Date.now();
  const offset = assetDriving(fleet, wall).at - wall;
  const options = {
    dataDir,
    tokens,
    fleetSize: OWNED_FLEET_SIZE,
    seed: FLEET_SEED,
    tickMs: 500,
    ...(offset > 0 ? { now: () => Date.now() + offset } : {}),
  };
  let service: LocalService | null = await startLocalService({ ...options, port: 0, host: '127.0.0.1' });
  const port = service.port;
  const operator = service.users[0]!;
  const form = {
    name: 'Smoke test service',
    api_url: service.api_url,
    api_ws_url: service.api_ws_url,
    base_url: service.base_url,
    ws_url: service.ws_url,
    tracking_url: service.tracking_url,
    app_key: service.app_key,
    account_key: service.account_key,
    user_id: String(operator.id),
  };
  return {
    fleet,
    token: operator.token,
    form,
    async stop() {
      await service?.stop();
      service = null;
    },
    async restart() {
      service ??= await startLocalService({ ...options, port, host: '127.0.0.1' });
    },
    async close() {
      await service?.stop();
      service = null;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
