import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from 'playwright-core';
import { devToolsEndpoint } from './devtools-endpoint';
import { ROOT, type SmokeTarget } from './smoke-targets';

/** Where a run leaves its screenshots and logs (CI uploads the folder when a smoke test fails). */
export const ARTIFACTS = join(ROOT, 'test-results', 'electron-smoke');

const LAUNCH_TIMEOUT_MS = 90_000;
const QUIT_TIMEOUT_MS = 60_000;
/** The default tile server: on a runner it may refuse Electron's requests, which says nothing about the app. */
const TILE_ORIGIN = 'https://tile.openstreetmap.org';

export interface SmokeApp {
  readonly target: SmokeTarget;
  readonly page: Page;
  /** Main-process access through Playwright: the built app only (the packaged app's fuses refuse --inspect). */
  readonly main: ElectronApplication | null;
  /** console.error lines and uncaught exceptions of the window since it (re)loaded. */
  readonly consoleErrors: string[];
  /** What the process wrote to stdout and stderr. */
  output(): string;
  screenshot(name: string): Promise<void>;
  /** Quits as a user does (app.quit: before-quit, the core stops); resolves with the exit code. */
  quit(): Promise<number | null>;
}

/**
 * An environment for Electron of the test's own: UTC (the History screen's
 * datetime fields are read in UTC), and nothing of the test runner's Node
 * options or of electron-vite's dev server.
 */
function appEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['NODE_OPTIONS', 'ELECTRON_RUN_AS_NODE', 'ELECTRON_RENDERER_URL'].includes(k))
      env[k] = v;
  return { ...env, TZ: 'UTC' };
}

const exited = (child: ChildProcess, timeoutMs: number): Promise<number | null> =>
  new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(
      () => reject(new Error(`the app did not exit within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

/** The main window, once it shows the app's own page. */
async function appWindow(pages: () => Page[], next: () => Promise<Page>): Promise<Page> {
  const deadline = Date.now() + LAUNCH_TIMEOUT_MS;
  for (;;) {
    const found = pages().find((p) => p.url().startsWith('app://fleetdesk/'));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no window on app://fleetdesk/ (pages: ${pages()
          .map((p) => p.url())
          .join(', ')})`,
      );
    await Promise.race([next(), new Promise((r) => setTimeout(r, 500))]);
  }
}

/** Launches Fleetdesk with a profile of the test's own (`--user-data-dir`), built or packaged. */
export async function launchFleetdesk(target: SmokeTarget, userDataDir: string): Promise<SmokeApp> {
  const args = [...target.args, `--user-data-dir=${userDataDir}`];
  let output = '';
  const capture = (child: ChildProcess): void => {
    child.stdout?.on('data', (d: Buffer) => void (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => void (output += d.toString()));
  };

  let page: Page;
  let main: ElectronApplication | null = null;
  let browser: Browser | null = null;
  let child: ChildProcess;
  if (target.kind === 'built') {
    main = await _electron.launch({
      executablePath: target.command,
      args,
      cwd: ROOT,
      env: appEnv(),
      timeout: LAUNCH_TIMEOUT_MS,
    });
    child = main.process();
    capture(child);
    const electronApp = main;
    page = await appWindow(
      () => electronApp.windows(),
      () => electronApp.waitForEvent('window'),
    );
  } else {
    child = spawn(target.command, ['--remote-debugging-port=0', ...args], {
      cwd: ROOT,
      env: appEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    capture(child);
    const endpoint = await devToolsEndpoint(child.stderr!, LAUNCH_TIMEOUT_MS);
    browser = await chromium.connectOverCDP(endpoint);
    const context = browser.contexts()[0];
    if (!context) throw new Error('the packaged app exposes no browser context over CDP');
    page = await appWindow(
      () => context.pages(),
      () => context.waitForEvent('page'),
    );
  }

  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.startsWith(TILE_ORIGIN)) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => void consoleErrors.push(`uncaught: ${e.message}`));
  // Listening starts after the window first loaded: load it again so its whole start is heard.
  await page.reload({ waitUntil: 'load' });

  mkdirSync(join(ARTIFACTS, target.kind), { recursive: true });
  return {
    target,
    page,
    main,
    consoleErrors,
    output: () => output,
    screenshot: async (name) => {
      await page.screenshot({ path: join(ARTIFACTS, target.kind, `${name}.png`) });
    },
    async quit() {
      const exit = exited(child, QUIT_TIMEOUT_MS);
      if (main) await main.close();
      else if (process.platform === 'win32') {
        // Closing the only window quits on Windows (window-all-closed); the page goes away mid-call.
        await page
          .evaluate(() => (globalThis as unknown as { close(): void }).close())
          .catch(() => undefined);
      } else {
        // Electron quits gracefully on SIGTERM (Browser::Quit: before-quit, windows close), as from the Quit menu.
        child.kill('SIGTERM');
      }
      try {
        return await exit;
      } catch (err) {
        // A quit that hangs is a failure to report, not a process to leave behind for the next test.
        child.kill('SIGKILL');
        throw err;
      } finally {
        await browser?.close().catch(() => undefined);
      }
    },
  };
}

/**
 * A second start with the same profile: the single-instance lock hands over
 * to the first and the second exits by itself.
 */
export async function launchSecondInstance(target: SmokeTarget, userDataDir: string): Promise<number | null> {
  const child = spawn(target.command, [...target.args, `--user-data-dir=${userDataDir}`], {
    cwd: ROOT,
    env: appEnv(),
    stdio: 'ignore',
  });
  try {
    return await exited(child, LAUNCH_TIMEOUT_MS);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** `Fleetdesk --self-test`: its exit code and what it printed on stdout. */
export async function runSelfTestSwitch(
  target: SmokeTarget,
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(target.command, [...target.args, '--self-test'], {
    cwd: ROOT,
    env: appEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => void (stdout += d.toString()));
  const code = await exited(child, 5 * 60_000);
  return { code, stdout };
}
