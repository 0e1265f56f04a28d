import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { releaseProblems } from './release-readiness';

/**
 * `npm run release:check`: run by release.yml before anything is built for a
 * tag, and by anyone preparing a release. Exits 1 with one line per problem.
 */
const root = join(import.meta.dirname, '..');
// electron-builder's own loader (extends, defaults, package.json "build"), as the release build will see it.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const { getConfig } = fromBuilder('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null): Promise<unknown>;
};

const tag = process.env['GITHUB_REF_TYPE'] === 'tag' ? (process.env['GITHUB_REF_NAME'] ?? null) : null;
const problems = releaseProblems({
  packageJson: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')),
  builderConfig: await getConfig(root, null),
  env: process.env,
  tag,
});

if (problems.length === 0) {
  console.log(tag ? `Ready to release ${tag}.` : 'Ready to release (no tag: signing secrets not checked).');
} else {
  console.error(`Not releasable${tag ? ` as ${tag}` : ''}:`);
  for (const p of problems) console.error(`- ${p}`);
  process.exitCode = 1;
}
