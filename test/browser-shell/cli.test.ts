import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** `npm run dev:browser` (and `npm start` where Electron is missing), as a newcomer runs it. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Something else holding a loopback port, as another dev server would. */
async function occupiedPort(): Promise<number> {
  const other: Server = createServer((_req, res) => res.end('another program'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
  return (other.address() as AddressInfo).port;
}

function startCli(args: string[]): { child: ChildProcess; address: Promise<string>; output: () => string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-cli-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/browser-shell/cli.ts', '--data-dir', dataDir, ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const address = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const url = /Open:\s+(http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the browser shell exited (${code}) before printing its address:\n${out}`)),
    );
  });
  cleanups.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { child, address, output: () => out };
}

describe('the browser shell from the command line', () => {
  it('takes the next free port when the one asked for is taken, and prints the address it got', async () => {
    const taken = await occupiedPort();
    const cli = startCli(['--port', String(taken)]);
    const url = new URL(await cli.address);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(taken);
    expect(cli.output()).toContain(`Port ${taken} is in use, trying another one...`);
    expect(url.hash).toMatch(/^#fleetdesk=[\w-]{40,}$/);

    const page = await fetch(url.origin);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('src/preload/browser.ts');
    // The program that held the port still has it.
    expect(await (await fetch(`http://127.0.0.1:${taken}/`)).text()).toBe('another program');
  });
});
