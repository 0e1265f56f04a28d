import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** What the renderer bundle is made of: its own sources and the shared contract it imports. */
const SOURCES = ['src/renderer', 'src/shared'];
/**
 * One prefix per checkout: the temp folder is the machine's, and another clone's tests may be using
 * its own build while these run (a build removes only its own checkout's older ones).
 */
const PREFIX = `fleetdesk-e2e-renderer-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}-`;

/**
 * A build of an earlier source state is removed once nothing has asked for it for this long: a bench started
 * on it may still be serving it (the national-scale soak runs for hours) while the sources change.
 */
const UNUSED_FOR_MS = 12 * 3_600_000;

function fingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const s = statSync(path);
        hash.update(`${path}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCES) walk(join(ROOT, dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The renderer built once per source state into the temp folder and shared by
 * the e2e files (they run one at a time): a build takes seconds, Vite's dev
 * server would transform every module again for each file, and out/renderer
 * belongs to the build check, which may rewrite it while these tests run.
 */
export async function builtRenderer(): Promise<string> {
  const dir = join(tmpdir(), `${PREFIX}${fingerprint()}`);
  if (existsSync(join(dir, 'index.html'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  const staging = `${dir}.${process.pid}`;
  const { build } = await import('vite');
  const { default: vue } = await import('@vitejs/plugin-vue');
  await build({
    configFile: false,
    root: join(ROOT, 'src/renderer'),
    plugins: [vue()],
    logLevel: 'warn',
    build: { outDir: staging, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 4096 },
  });
  for (const old of readdirSync(tmpdir())) {
    const path = join(tmpdir(), old);
    if (!old.startsWith(PREFIX) || staging.endsWith(old)) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another run in between.
    }
  }
  renameSync(staging, dir);
  return dir;
}
