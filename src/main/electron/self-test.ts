import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app } from 'electron';
import { runSelfTest, selfTestExitCode } from '../core/self-test/self-test';
import { localDemoService } from '../demo/local-demo-service';
import { createSafeStorageSecretStore } from './secret-store';

/** `Fleetdesk --self-test`: the core checks headless, one JSON line on stdout, exit 0 or 1. */
export const SELF_TEST_SWITCH = '--self-test';

export const isSelfTestRun = (argv: readonly string[]): boolean => argv.includes(SELF_TEST_SWITCH);

/**
 * Runs on a user's machine at a support engineer's request, possibly while
 * Fleetdesk itself is open: so it takes a profile of its own (userData in a
 * temporary folder, removed afterwards), never the single-instance lock, and
 * no window. The keychain check uses the real safeStorage.
 */
export async function runElectronSelfTest(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-self-test-'));
  app.setPath('userData', dir);
  let code: 0 | 1 = 1;
  try {
    await app.whenReady();
    const summary = await runSelfTest({
      dataDir: join(dir, 'self-test'),
      secretStore: await createSafeStorageSecretStore(dir),
      version: app.getVersion(),
      startDemo: localDemoService(),
    });
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    code = selfTestExitCode(summary);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stdout.write(`${JSON.stringify({ ok: false, error: message })}\n`);
  } finally {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Windows may still hold a file of the profile open; the folder is in the temp dir either way.
    }
  }
  app.exit(code);
}
