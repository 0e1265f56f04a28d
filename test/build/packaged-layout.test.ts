import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { extractAll, extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonReportContentSchema, reportRequestSchema } from '../../src/shared/interface';
import { workerEntry } from '../../src/server/reports/worker-entry';
import { WorkerPool } from '../../src/server/reports/worker-pool';
import type { WorkerReply } from '../../src/server/reports/worker-protocol';
import { readPdf } from '../server/reports/render/rendered-files';
import { writeStandInElectronDist } from './stand-in-electron';

/**
 * docs/architecture.md "The Electron shell": the packaged-app layout. `npm run build` (electron-vite build
 * into out/, which electron-builder.yml's `files` packs), then
 * `electron-builder --dir` for Linux with a stand-in Electron dist folder and
 * no native rebuild, into a temporary folder. One build for the whole file.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const TMP = mkdtempSync(join(tmpdir(), 'fleetdesk-packaged-'));
const APP_DIR = join(TMP, 'release', 'linux-unpacked');
const RESOURCES = join(APP_DIR, 'resources');
const ASAR = join(RESOURCES, 'app.asar');
const run = promisify(execFile);

const packageJson = z
  .object({
    name: z.string(),
    main: z.string(),
    repository: z.string().startsWith('github:'),
    devDependencies: z.object({ electron: z.string().regex(/^\d+\.\d+\.\d+$/) }),
  })
  .parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));

beforeAll(async () => {
  const bin = (name: string): string => join(ROOT, 'node_modules', '.bin', name);
  const started = performance.now();
  await run(bin('electron-vite'), ['build'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const built = performance.now();
  const electronDist = writeStandInElectronDist(
    join(TMP, 'electron-dist'),
    packageJson.devDependencies.electron,
  );
  await run(
    bin('electron-builder'),
    [
      '--dir',
      '--linux',
      '--x64',
      '--publish',
      'never',
      '--config.npmRebuild=false',
      `--config.electronDist=${electronDist}`,
      `--config.directories.output=${join(TMP, 'release')}`,
    ],
    // No signing identity lookup, no update check: the layout is all this run is for.
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  const packed = performance.now();
  console.info(
    `packaged layout: electron-vite build ${((built - started) / 1000).toFixed(1)} s, ` +
      `electron-builder --dir ${((packed - built) / 1000).toFixed(1)} s`,
  );
}, 420_000);

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('the packaged app (electron-builder --dir, Linux)', () => {
  it('holds app.asar with the renderer, the main and preload bundles, the report worker and package.json', () => {
    const files = new Set(listPackage(ASAR, { isPack: false }));
    for (const path of [
      '/out/renderer/index.html',
      '/out/main/index.js',
      '/out/main/report-worker.js',
      '/out/preload/index.cjs',
      '/package.json',
    ]) {
      expect(files.has(path), path).toBe(true);
    }
    const packedPackage = z
      .object({ name: z.string(), main: z.string() })
      .parse(JSON.parse(extractFile(ASAR, 'package.json').toString('utf8')));
    expect(packedPackage).toEqual({ name: packageJson.name, main: packageJson.main });
    // Sources and source maps stay out of the installer.
    expect([...files].filter((f) => f.startsWith('/src/') || f.endsWith('.map'))).toEqual([]);
  });

  it('writes hidden source maps beside the main and renderer bundles, named in none of them', () => {
    // electron.vite.config.ts: 'hidden' maps, which no bundle names (a map named but absent would make
    // DevTools and error tooling fetch it); the release workflow keeps out/**/*.map as an artifact.
    for (const part of ['main', 'renderer']) {
      const dir = join(ROOT, 'out', part);
      const maps = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'));
      expect(maps.length, dir).toBeGreaterThan(0);
      const sources = maps.flatMap((map) => {
        const code = join(dir, map.slice(0, -'.map'.length));
        expect(readFileSync(code, 'utf8'), code).not.toMatch(/^\/[/*][#@] sourceMappingURL=/m);
        return z
          .object({ sources: z.array(z.string()) })
          .parse(JSON.parse(readFileSync(join(dir, map), 'utf8'))).sources;
      });
      // The app's own code, not only its libraries', can be read back.
      expect(
        sources.some((s) => s.includes('src/')),
        dir,
      ).toBe(true);
    }
    // That the archive holds none is checked with its contents above.
  });

  it("keeps better-sqlite3's native binary unpacked next to the archive", () => {
    const native = 'node_modules/better-sqlite3/prebuilds/linux-x64.node';
    expect(existsSync(join(RESOURCES, 'app.asar.unpacked', native))).toBe(true);
    // The archive's header points there instead of holding the bytes.
    expect(statFile(ASAR, native)).toMatchObject({ unpacked: true });
  });

  it('tells electron-updater where releases are: the GitHub repository package.json names', () => {
    // app-update.yml is flat `key: value` lines (electron-builder's PublishManager writes it after packing).
    const lines = readFileSync(join(RESOURCES, 'app-update.yml'), 'utf8').split('\n');
    const updateConfig = Object.fromEntries(
      lines.filter((l) => l.includes(': ')).map((l) => l.split(': ', 2) as [string, string]),
    );
    const [owner, repo] = packageJson.repository.slice('github:'.length).split('/');
    expect(updateConfig).toMatchObject({ provider: 'github', owner, repo });
  });

  it('has the Electron fuses of docs/architecture.md "The Electron shell" flipped in the executable', async () => {
    const wire = await getCurrentFuseWire(join(APP_DIR, packageJson.name));
    const on = 0x31;
    const off = 0x30;
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      cookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      nodeOptions: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      inspectArguments: wire[FuseV1Options.EnableNodeCliInspectArguments],
      asarIntegrity: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      onlyLoadAppFromAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
    }).toEqual({
      runAsNode: off,
      cookieEncryption: on,
      nodeOptions: off,
      inspectArguments: off,
      asarIntegrity: on,
      onlyLoadAppFromAsar: on,
    });
  });

  it('generates a report with the packaged report worker, found where the pool looks for it', async () => {
    // Node cannot read inside an asar archive, so the app is extracted as it is (unpacked files included):
    // the worker then resolves its packages from the packaged node_modules, as it does in the app.
    const app = join(TMP, 'extracted');
    extractAll(ASAR, app);
    const entry = workerEntry(pathToFileURL(join(app, 'out', 'main', 'index.js')), 'report-worker');
    expect(entry.url.href).toBe(pathToFileURL(join(app, 'out', 'main', 'report-worker.js')).href);
    expect(entry.execArgv.some((arg) => arg.includes('tsx'))).toBe(false);

    const replies: WorkerReply[] = [];
    const crashes: string[] = [];
    const pool = new WorkerPool(
      { entry, size: 1 },
      {
        onReply: (_job, reply) => replies.push(reply),
        onCrash: (_job, error) => crashes.push(error),
        onIdle() {},
      },
    );
    try {
      const dir = join(TMP, 'reports');
      const started = pool.run({
        kind: 'job',
        reportId: 'packaged-1',
        request: reportRequestSchema.parse({
          type: 'trail',
          format: 'json',
          asset_id: 1,
          date_from: '2026-03-02',
          date_to: '2026-03-02',
        }),
        title: 'Trail — packaged',
        fleet: { seed: 1, size: 5 },
        visibleAssetIds: null,
        generatedAt: Date.parse('2026-03-03T08:00:00Z'),
        dir,
        fileName: 'packaged-1.json',
      });
      expect(started).toBe(true);
      await expect
        .poll(() => replies.find((r) => r.kind !== 'progress') ?? crashes[0], { timeout: 30_000 })
        .toBeTruthy();
      expect(crashes).toEqual([]);
      expect(replies.at(-1)).toMatchObject({ kind: 'done', reportId: 'packaged-1' });
      const report = jsonReportContentSchema.parse(
        JSON.parse(readFileSync(join(dir, 'packaged-1.json'), 'utf8')),
      );
      expect(report.type).toBe('trail');
      expect(report.period).toEqual({ from: '2026-03-02', to: '2026-03-02' });
      expect(report.rows.length).toBeGreaterThan(0);

      // The PDF fonts come from the packaged node_modules, not the system: a title in other scripts prints as itself.
      const title = 'Маршрут Ελλάδα 東京 עברית Łódź';
      expect(
        pool.run({
          kind: 'job',
          reportId: 'packaged-2',
          request: reportRequestSchema.parse({
            type: 'trip',
            format: 'pdf',
            asset_id: 2,
            date_from: '2026-03-02',
            date_to: '2026-03-02',
            title,
          }),
          title,
          fleet: { seed: 1, size: 5 },
          visibleAssetIds: null,
          generatedAt: Date.parse('2026-03-03T08:00:00Z'),
          dir,
          fileName: 'packaged-2.pdf',
        }),
      ).toBe(true);
      await expect
        .poll(() => replies.find((r) => r.kind === 'done' && r.reportId === 'packaged-2') ?? crashes[0], {
          timeout: 30_000,
        })
        .toBeTruthy();
      expect(crashes).toEqual([]);
      const pdf = await readPdf(readFileSync(join(dir, 'packaged-2.pdf')));
      expect(pdf.title).toBe(title);
      for (const word of title.split(' ')) expect(pdf.text[0]).toContain(word);
    } finally {
      await pool.stop();
    }
  });
});
