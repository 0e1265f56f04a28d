import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium';
import { devToolsEndpoint } from './support/devtools-endpoint';

describe('the DevTools endpoint of a process started with --remote-debugging-port=0', () => {
  it('is read from stderr even when the line comes in pieces among other output', async () => {
    const stderr = new PassThrough();
    const found = devToolsEndpoint(stderr, 5000);
    stderr.write('[1234:ERROR:gpu_init.cc] GPU off\nDevTools listen');
    stderr.write('ing on ws://127.0.0.1:40123/devtools/browser/7f1c2d\n[main] ready\n');
    await expect(found).resolves.toBe('ws://127.0.0.1:40123/devtools/browser/7f1c2d');
  });

  it('fails with what the process said when it exits first, or stays silent too long', async () => {
    const ended = new PassThrough();
    const early = devToolsEndpoint(ended, 5000);
    ended.end('The SUID sandbox helper binary was found, but is not configured correctly.\n');
    await expect(early).rejects.toThrow(/exited before DevTools listened.*SUID sandbox/s);

    const silent = new PassThrough();
    await expect(devToolsEndpoint(silent, 50)).rejects.toThrow(/did not listen within 50 ms/);
  });

  it('lets Playwright drive a real Chromium over CDP, as the smoke suite drives the packaged app', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'fleetdesk-cdp-'));
    const child = spawn(
      chromiumPath(),
      [
        ...CHROMIUM_ARGS,
        '--headless=new',
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      // Its own process group where there are groups: the helpers it starts go with it (see below).
      { stdio: ['ignore', 'ignore', 'pipe'], detached: process.platform !== 'win32' },
    );
    try {
      const browser = await chromium.connectOverCDP(await devToolsEndpoint(child.stderr, 30_000));
      const page = browser.contexts()[0]!.pages()[0]!;
      expect(await page.evaluate(() => 6 * 7)).toBe(42);
      await browser.close();
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      // Chromium's helper processes can still be writing the profile after the browser exits (ENOTEMPTY
      // once under a loaded CI): its whole group is ended, and gone, before the profile is removed.
      if (process.platform !== 'win32' && child.pid !== undefined) await endGroup(child.pid);
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });
});

/** Ends a process group and waits until no process of it is left (at most 10 s). */
async function endGroup(pgid: number): Promise<void> {
  const alive = (): boolean => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pgid, 'SIGKILL');
  const until = Date.now() + 10_000;
  while (alive() && Date.now() < until) await sleep(50);
}
