import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_REPOSITORY, RELEASE_SECRETS, releaseProblems } from '../../scripts/release-readiness';

const ROOT = resolve(import.meta.dirname, '../..');
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const { getConfig } = fromBuilder('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null): Promise<Record<string, unknown>>;
};

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
  string,
  unknown
> & {
  version: string;
};
let builderConfig: Record<string, unknown>;
beforeAll(async () => {
  builderConfig = await getConfig(ROOT, null);
});

/** Every secret a tagged release needs, set as GitHub hands them to a workflow. */
const allSecrets = Object.fromEntries(
  Object.values(RELEASE_SECRETS).flatMap((names) => names.map((n) => [n, 'x'])),
);

/** This project's configuration once the team has named its real repository. */
function configured(
  owner = 'acme-logistics',
  repo = 'fleetdesk-desktop',
): { packageJson: Record<string, unknown>; builderConfig: Record<string, unknown> } {
  return {
    packageJson: { ...packageJson, repository: `github:${owner}/${repo}` },
    builderConfig: {
      ...builderConfig,
      publish: (builderConfig['publish'] as Record<string, unknown>[]).map((p) => ({ ...p, owner, repo })),
    },
  };
}

describe('release readiness', () => {
  it('refuses this checkout as it is: package.json and electron-builder.yml still name the placeholder', () => {
    const problems = releaseProblems({
      packageJson,
      builderConfig,
      env: allSecrets,
      tag: `v${packageJson.version}`,
    });
    expect(problems).toEqual([
      expect.stringContaining(`package.json "repository" is still the placeholder ${PLACEHOLDER_REPOSITORY}`),
      expect.stringContaining(`"publish" still names the placeholder ${PLACEHOLDER_REPOSITORY}`),
    ]);
  });

  it('lets a configured project with every secret release the tag of its version', () => {
    expect(releaseProblems({ ...configured(), env: allSecrets, tag: `v${packageJson.version}` })).toEqual([]);
  });

  it('names each missing signing or notarization secret of a tagged release; an empty secret is a missing one', () => {
    const env = { ...allSecrets, WIN_CSC_KEY_PASSWORD: '', APPLE_API_ISSUER: undefined, MAC_CSC_LINK: '  ' };
    expect(releaseProblems({ ...configured(), env, tag: `v${packageJson.version}` })).toEqual([
      'Windows code signing: the repository secret(s) WIN_CSC_KEY_PASSWORD are not set.',
      'macOS code signing: the repository secret(s) MAC_CSC_LINK are not set.',
      'macOS notarization: the repository secret(s) APPLE_API_ISSUER are not set.',
    ]);
    // Without a tag nothing is published, so nothing needs signing.
    expect(releaseProblems({ ...configured(), env: {}, tag: null })).toEqual([]);
  });

  it('refuses a tag that is not package.json’s version', () => {
    expect(releaseProblems({ ...configured(), env: allSecrets, tag: 'v99.0.0' })).toEqual([
      `The tag v99.0.0 does not match package.json's version ${packageJson.version} (expected v${packageJson.version}).`,
    ]);
  });

  it('refuses publishing to another repository than package.json names, and a missing publisherName', () => {
    const { packageJson: pkg, builderConfig: builder } = configured();
    const elsewhere = {
      ...builder,
      publish: [{ provider: 'github', owner: 'someone-else', repo: 'fleetdesk' }],
      win: { ...(builder['win'] as object), signtoolOptions: {} },
    };
    expect(releaseProblems({ packageJson: pkg, builderConfig: elsewhere, env: {}, tag: null })).toEqual([
      expect.stringMatching(
        /publishes to someone-else\/fleetdesk but package.json names acme-logistics\/fleetdesk-desktop/,
      ),
      expect.stringMatching(/publisherName is not set/),
    ]);
  });

  it('sets the Windows publisherName electron-updater checks updates against', () => {
    expect(builderConfig['win']).toMatchObject({ signtoolOptions: { publisherName: ['Fleetdesk'] } });
  });

  it('npm run release:check exits 1 and says why for this checkout on a tag push', async () => {
    const run = promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/check-release.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        GITHUB_REF_TYPE: 'tag',
        GITHUB_REF_NAME: `v${packageJson.version}`,
        ...allSecrets,
      },
    });
    const failure = await run.then(
      () => null,
      (err: unknown) => err as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      new RegExp(`Not releasable as v${packageJson.version.replaceAll('.', '\\.')}:`),
    );
    expect(failure?.stderr).toContain(PLACEHOLDER_REPOSITORY);
  });
});
