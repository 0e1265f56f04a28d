import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../src/server';
import { createHarness, serviceAsDemo, yesterday, type Harness } from './app-core.harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What is in a report's folder under the app's data folder. */
const filesOf = (dataDir: string, localId: string): string[] =>
  readdirSync(join(dataDir, 'reports', localId)).sort();

describe('a report download cut short by a crash', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-crash-app-'));
  const saveDir = mkdtempSync(join(tmpdir(), 'fleetdesk-crash-save-'));
  let service: LocalService;
  let child: ChildProcess | null = null;
  let h: Harness | null = null;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000, reportWorkers: 1 });
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await h?.stop();
    await service.stop();
    rmSync(saveDir, { recursive: true, force: true });
  });

  it('sweeps the half-written file at start and downloads the report again once signed in, with no user action', async () => {
    // A core in its own process, killed (no stop, no cleanup) while the PDF is half downloaded.
    child = spawn(process.execPath, ['--import', 'tsx', 'test/core/crashing-core.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        FLEETDESK_CRASH: JSON.stringify({ dataDir, saveDir, day: yesterday(), ready: service.readyLine() }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const running = child;
    const localId = await new Promise<string>((resolve, reject) => {
      let out = '';
      running.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /^\{"stalled":"([^"]+)"\}$/m.exec(out);
        if (line) resolve(line[1]!);
      });
      running.once('exit', (code) =>
        reject(new Error(`the core exited (${code}) before its download stalled`)),
      );
    });
    // The first bytes are on disk under the temp name, and nothing under the real one.
    await expect
      .poll(() =>
        filesOf(dataDir, localId).filter(
          (n) => n.endsWith('.part') && statSync(join(dataDir, 'reports', localId, n)).size > 0,
        ),
      )
      .toHaveLength(1);
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    const left = filesOf(dataDir, localId);
    expect(left).toEqual([expect.stringMatching(/^trip_.+\.pdf\.[0-9a-f]{8}\.part$/)]);

    // The app starts again on the same data folder, against the same service, and the user does nothing.
    h = createHarness({ dataDir, startDemo: serviceAsDemo(service) });
    await h.core.start();
    const done = await h.waitForPush(
      'reports.changed',
      (r) => r.localId === localId && r.file?.path != null,
      60_000,
    );

    expect(done.state).toBe('completed');
    expect(filesOf(dataDir, localId)).toEqual([done.file!.filename]);
    expect(done.file!.filename).toMatch(/^trip_.+\.pdf$/);
    const bytes = readFileSync(done.file!.path!);
    expect(bytes.length).toBe(done.file!.size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-8).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(h.shell.calls).toEqual([]);
    expect((await h.call('session.get')).signedIn).toBe(true);
  });
});
