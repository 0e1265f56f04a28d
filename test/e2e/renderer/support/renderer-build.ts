import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
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
  if (existsSync(join(dir, 'index.html'))) return dir;
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
  // Builds of earlier source states are of no further use.
  for (const old of readdirSync(tmpdir()))
    if (old.startsWith(PREFIX) && !staging.endsWith(old))
      rmSync(join(tmpdir(), old), { recursive: true, force: true });
  renameSync(staging, dir);
  return dir;
}
