import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFleet } from '../../src/server/sim/fleet';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readySchema = z.object({
  event: z.literal('ready'),
  api_url: z.string(),
  account_key: z.string(),
  users: z.array(z.object({ token: z.string() })).min(1),
});
type Ready = z.infer<typeof readySchema>;

/** `npm run service -- …` as a user starts it: its own process, the ready line on stdout, logs on stderr. */
function service(args: readonly string[]): {
  child: ChildProcess;
  stderr: () => string;
  ready: Promise<Ready>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout! }))
      return readySchema.parse(JSON.parse(line));
    throw new Error(`The service exited before its ready line: ${stderr}`);
  })();
  return { child, stderr: () => stderr, ready, exit };
}

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
});

describe('npm run service -- --at', () => {
  it('starts the simulated clock at the given instant and runs it at real speed', async () => {
    // A Wednesday morning, two seconds before asset 1 (a 10 s tracker) reports again.
    const at = '2026-11-18T08:29:58Z';
    const startedAt = Date.now();
    const s = service(['--port', '0', '--fleet-size', '5', '--tick-ms', '60000', '--at', at]);
    running.push(s.child);
    const ready = await s.ready;
    const fleet = createFleet({ seed: 1, size: 5 });
    const lastFix = async (): Promise<number> => {
      const res = await fetch(`${ready.api_url}/api/${ready.account_key}/asset/1/location`, {
        headers: { authorization: `Bearer ${ready.users[0]!.token}` },
      });
      expect(res.status).toBe(200);
      return Date.parse(z.object({ timestamp: z.string() }).parse(await res.json()).timestamp);
    };

    // The service reports the fixes of that morning, not of today, and newer ones as its clock runs on
    // from there: no faster than the wall clock since the process started.
    expect(await lastFix()).toBeGreaterThanOrEqual(fleet.lastFixAt(1, Date.parse(at))!);
    const later = await vi.waitFor(
      async () => {
        const fix = await lastFix();
        expect(fix).toBeGreaterThan(Date.parse(at));
        return fix;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(later).toBe(fleet.lastFixAt(1, later));
    expect(later).toBeLessThanOrEqual(Date.parse(at) + (Date.now() - startedAt));
    expect(s.stderr()).toContain(
      'simulated clock started at 2026-11-18T08:29:58.000Z, running at real speed',
    );
  });

  it('refuses an instant without its zone, or that is no date, saying what it wants', async () => {
    const bad = ['2026-11-18T08:30:00', 'yesterday'];
    const runs = bad.map((value) => {
      const s = service(['--port', '0', '--at', value]);
      s.ready.catch(() => undefined);
      return s;
    });
    for (const [i, s] of runs.entries()) {
      expect(await s.exit).toBe(1);
      expect(s.stderr()).toBe(
        `[local-service] --at must be a date and time in ISO 8601 with its zone, e.g. 2026-11-18T08:30:00Z or 2026-11-18T09:30:00+01:00; got "${bad[i]}"\n`,
      );
    }
  });
});
