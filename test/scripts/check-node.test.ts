import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `npm start`, `npm test`, `npm run service` and `npm run dev:browser` run this first. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = 'scripts/check-node.cjs';
/** The machine's own Node where one is installed beside the project's (Debian's is 20 here). */
const SYSTEM_NODE = '/usr/bin/node';
const SYSTEM_NPM = '/usr/bin/npm';

function systemNodeVersion(): { version: string; tooOld: boolean } {
  const version = spawnSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1);
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return { version, tooOld: major < 22 || (major === 22 && minor < 12) };
}

function check(node: string, ...args: string[]): { status: number | null; stderr: string } {
  const run = spawnSync(node, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('the Node version check', () => {
  it('stops an older Node with the version it needs and the one it found', () => {
    expect(check(process.execPath, '20.20.2')).toEqual({
      status: 1,
      stderr: 'Fleetdesk needs Node 22.12 or newer (you have 20.20.2); see .nvmrc\n',
    });
    expect(check(process.execPath, 'v22.11.9').status).toBe(1);
    expect(check(process.execPath, '18.0.0').status).toBe(1);
  });

  it('lets 22.12 and anything newer through, silently', () => {
    for (const version of ['22.12.0', 'v22.23.3', '23.0.0', '24.1.0'])
      expect(check(process.execPath, version), version).toEqual({ status: 0, stderr: '' });
    expect(check(process.execPath)).toEqual({ status: 0, stderr: '' });
  });

  it('reads the minimum from package.json engines, which .nvmrc satisfies', () => {
    const engines = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { engines: { node: string } })
      .engines;
    expect(engines.node).toBe('>=22.12.0');
    const nvmrc = readFileSync(`${ROOT}.nvmrc`, 'utf8').trim();
    expect(check(process.execPath, nvmrc).status).toBe(0);
  });

  it.runIf(existsSync(SYSTEM_NODE))("judges the machine's own Node for real, running under it", () => {
    const { version, tooOld } = systemNodeVersion();
    expect(check(SYSTEM_NODE)).toEqual(
      tooOld
        ? { status: 1, stderr: `Fleetdesk needs Node 22.12 or newer (you have ${version}); see .nvmrc\n` }
        : { status: 0, stderr: '' },
    );
  });

  it.runIf(existsSync(SYSTEM_NODE) && existsSync(SYSTEM_NPM) && systemNodeVersion().tooOld)(
    "stops npm start, npm test, npm run service and npm run dev:browser under the machine's older Node",
    () => {
      const { version } = systemNodeVersion();
      for (const script of ['start', 'test', 'service', 'dev:browser']) {
        const run = spawnSync(SYSTEM_NODE, [SYSTEM_NPM, 'run', '--silent', script], {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, PATH: `/usr/bin:${process.env['PATH'] ?? ''}` },
        });
        expect({ script, status: run.status, stderr: run.stderr }).toEqual({
          script,
          status: 1,
          stderr: `Fleetdesk needs Node 22.12 or newer (you have ${version}); see .nvmrc\n`,
        });
      }
    },
  );
});
