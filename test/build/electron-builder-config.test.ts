import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// electron-builder's own loader and schema validator (app-builder-lib is what
// `electron-builder` runs), so this fails exactly when a real build would.
const require = createRequire(import.meta.url);
const builderDir = require.resolve('electron-builder/package.json');
const fromBuilder = createRequire(builderDir);
const configModule = z
  .object({
    getConfig: z.function(),
    validateConfiguration: z.function(),
  })
  .parse(fromBuilder('app-builder-lib/out/util/config/config.js'));
const { DebugLogger } = z
  .object({ DebugLogger: z.custom<new (on: boolean) => unknown>() })
  .parse(fromBuilder('builder-util'));

const getConfig = configModule.getConfig as (
  dir: string,
  path: string | null,
) => Promise<Record<string, unknown>>;
const validate = configModule.validateConfiguration as (c: unknown, log: unknown) => Promise<void>;

const config = z.looseObject({
  appId: z.string(),
  productName: z.string(),
  asar: z.literal(true),
  asarUnpack: z.array(z.string()),
  icon: z.string(),
  electronFuses: z.object({
    runAsNode: z.literal(false),
    enableCookieEncryption: z.literal(true),
    enableNodeOptionsEnvironmentVariable: z.literal(false),
    enableNodeCliInspectArguments: z.literal(false),
    enableEmbeddedAsarIntegrityValidation: z.literal(true),
    onlyLoadAppFromAsar: z.literal(true),
    grantFileProtocolExtraPrivileges: z.literal(false),
  }),
  nsis: z.looseObject({
    oneClick: z.literal(false),
    allowToChangeInstallationDirectory: z.literal(true),
    createDesktopShortcut: z.literal(true),
    createStartMenuShortcut: z.literal(true),
  }),
  mac: z.looseObject({
    hardenedRuntime: z.literal(true),
    entitlements: z.string(),
    notarize: z.literal(true),
  }),
  linux: z.looseObject({ target: z.array(z.looseObject({ target: z.string() })) }),
  publish: z.array(
    z.looseObject({
      provider: z.literal('github'),
      // electron-updater finds releases by these (app-update.yml); without them a build guesses from git.
      owner: z.string().min(1),
      repo: z.string().min(1),
    }),
  ),
});

const packageRepository = z
  .object({ repository: z.string().regex(/^github:[\w.-]+\/[\w.-]+$/) })
  .transform(({ repository }) => {
    const [owner, repo] = repository.slice('github:'.length).split('/');
    return { owner, repo };
  });

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own schema", async () => {
    const loaded = await getConfig(process.cwd(), null);
    await expect(validate(loaded, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('sets the fuses, installers, unpacked native binary and GitHub publishing', async () => {
    const loaded = config.parse(await getConfig(process.cwd(), null));
    expect(loaded.asarUnpack.some((p) => p.includes('better-sqlite3') && p.endsWith('.node'))).toBe(true);
    expect(loaded.linux.target.map((t) => t.target).sort()).toEqual(['AppImage', 'deb']);
  });

  it('publishes to the GitHub repository package.json names, owner and repo spelt out', async () => {
    const loaded = config.parse(await getConfig(process.cwd(), null));
    const pkg = packageRepository.parse(
      JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')),
    );
    expect(loaded.publish).toHaveLength(1);
    expect(loaded.publish[0]).toMatchObject({ provider: 'github', ...pkg, releaseType: 'release' });
  });

  it('the validator does refuse an unknown option (the check above is not vacuous)', async () => {
    const loaded = await getConfig(process.cwd(), null);
    await expect(validate({ ...loaded, noSuchOption: true }, new DebugLogger(false))).rejects.toThrow(
      /noSuchOption|additional/i,
    );
  });
});
