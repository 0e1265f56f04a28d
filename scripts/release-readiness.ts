import { z } from 'zod';

/**
 * The owner/repo the project was scaffolded with. electron-updater looks for
 * updates in the repository electron-builder.yml's `publish` names (baked into
 * app-update.yml), so a release built with it would ask a stranger's
 * repository for its updates.
 */
export const PLACEHOLDER_REPOSITORY = 'fleetdesk/fleetdesk';

/**
 * Secrets a tagged release must have, per platform. An auto-updating app that
 * ships unsigned lets anyone who can serve its update feed run code on every
 * installation, and macOS refuses to open an app that is not notarized.
 * GitHub hands an unset secret to a workflow as an empty string.
 */
export const RELEASE_SECRETS = {
  'Windows code signing': ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
  'macOS code signing': ['MAC_CSC_LINK', 'MAC_CSC_KEY_PASSWORD'],
  'macOS notarization': ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
} as const satisfies Record<string, readonly string[]>;

export interface ReleaseInputs {
  readonly packageJson: unknown;
  /** electron-builder's configuration as electron-builder itself loads it. */
  readonly builderConfig: unknown;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The tag being released (a tag push's GITHUB_REF_NAME); null for a run that publishes nothing. */
  readonly tag: string | null;
}

const packageSchema = z.looseObject({
  version: z.string(),
  repository: z.union([z.string(), z.looseObject({ url: z.string() })]).optional(),
});

const builderSchema = z.looseObject({
  publish: z.array(
    z.looseObject({ provider: z.string(), owner: z.string().optional(), repo: z.string().optional() }),
  ),
  win: z
    .looseObject({
      signtoolOptions: z
        .looseObject({ publisherName: z.union([z.string(), z.array(z.string())]).nullish() })
        .optional(),
    })
    .optional(),
});

/** `github:owner/repo`, `owner/repo` or a github.com URL, as npm accepts them. */
function githubRepository(repository: z.infer<typeof packageSchema>['repository']): string | null {
  const raw = typeof repository === 'string' ? repository : repository?.url;
  if (!raw) return null;
  const match = /^(?:github:|(?:git\+)?https:\/\/github\.com\/)?([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(raw);
  return match?.[1] ?? null;
}

/** Everything that stops this checkout from being released; empty when it may be published. */
export function releaseProblems(inputs: ReleaseInputs): string[] {
  const problems: string[] = [];
  const pkg = packageSchema.parse(inputs.packageJson);
  const builder = builderSchema.parse(inputs.builderConfig);

  const repository = githubRepository(pkg.repository);
  if (repository === null)
    problems.push('package.json "repository" must name the GitHub repository (github:owner/repo).');
  else if (repository === PLACEHOLDER_REPOSITORY)
    problems.push(
      `package.json "repository" is still the placeholder ${PLACEHOLDER_REPOSITORY}: set the real owner/repo.`,
    );

  const github = builder.publish.filter((p) => p.provider === 'github');
  if (github.length !== 1)
    problems.push(
      'electron-builder.yml "publish" must have exactly one github provider (electron-updater reads it).',
    );
  for (const p of github) {
    const target = `${p.owner ?? ''}/${p.repo ?? ''}`;
    if (target === PLACEHOLDER_REPOSITORY)
      problems.push(
        `electron-builder.yml "publish" still names the placeholder ${PLACEHOLDER_REPOSITORY}: set owner and repo.`,
      );
    else if (repository !== null && target !== repository)
      problems.push(
        `electron-builder.yml publishes to ${target} but package.json names ${repository}: updates would be looked for in the wrong place.`,
      );
  }

  const publisher = builder.win?.signtoolOptions?.publisherName;
  if (!publisher || (Array.isArray(publisher) && publisher.length === 0))
    problems.push(
      'electron-builder.yml win.signtoolOptions.publisherName is not set: electron-updater would install Windows updates without checking who signed them.',
    );

  if (inputs.tag !== null) {
    if (inputs.tag !== `v${pkg.version}`)
      problems.push(
        `The tag ${inputs.tag} does not match package.json's version ${pkg.version} (expected v${pkg.version}).`,
      );
    for (const [purpose, names] of Object.entries(RELEASE_SECRETS)) {
      const missing = names.filter((n) => !inputs.env[n]?.trim());
      if (missing.length > 0)
        problems.push(`${purpose}: the repository secret(s) ${missing.join(', ')} are not set.`);
    }
  }
  return problems;
}
