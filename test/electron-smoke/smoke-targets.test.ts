import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  builtTarget,
  packagedExecutable,
  packagedTarget,
  ROOT,
  targetOrSkipReason,
  type Host,
} from './support/smoke-targets';

/** A machine as the finder sees it: which files exist, and what node_modules/electron answers. */
function host(
  platform: NodeJS.Platform,
  arch: string,
  files: readonly string[],
  electron: string | null,
): Host {
  return {
    platform,
    arch,
    exists: (p) => files.includes(p),
    electronBinary: () => electron,
  };
}

const ELECTRON = '/repo/node_modules/electron/dist/electron';
const MAIN = join(ROOT, 'out', 'main', 'index.js');

describe('what the Electron smoke suite launches', () => {
  it('nothing without the Electron binary, saying why and how to get it', () => {
    const none = host('linux', 'x64', [MAIN], null);
    for (const found of [builtTarget(none), packagedTarget(none)])
      expect(found).toEqual({
        ok: false,
        reason: expect.stringMatching(
          /^no Electron binary in node_modules\/electron .*install without ELECTRON_SKIP_BINARY_DOWNLOAD$/,
        ),
      });
  });

  it('the built app as `electron <project>` once out/ exists, and says to build it otherwise', () => {
    expect(builtTarget(host('linux', 'x64', [ELECTRON, MAIN], ELECTRON))).toEqual({
      ok: true,
      value: { kind: 'built', command: ELECTRON, args: [ROOT] },
    });
    expect(builtTarget(host('linux', 'x64', [ELECTRON], ELECTRON))).toEqual({
      ok: false,
      reason: `no built app at ${MAIN}; run npm run build`,
    });
  });

  it('the packaged app where electron-builder leaves it on each platform and architecture', () => {
    const release = join('/repo', 'release');
    const at = (platform: NodeJS.Platform, arch: string): string =>
      packagedExecutable(host(platform, arch, [], ELECTRON), '/repo', 'Fleetdesk', 'fleetdesk');
    expect(at('linux', 'x64')).toBe(join(release, 'linux-unpacked', 'fleetdesk'));
    expect(at('win32', 'x64')).toBe(join(release, 'win-unpacked', 'Fleetdesk.exe'));
    expect(at('win32', 'arm64')).toBe(join(release, 'win-arm64-unpacked', 'Fleetdesk.exe'));
    expect(at('darwin', 'x64')).toBe(join(release, 'mac', 'Fleetdesk.app', 'Contents', 'MacOS', 'Fleetdesk'));
    expect(at('darwin', 'arm64')).toBe(
      join(release, 'mac-arm64', 'Fleetdesk.app', 'Contents', 'MacOS', 'Fleetdesk'),
    );
  });

  it('the packaged app of this project by its package.json names, or the one FLEETDESK_PACKAGED_APP names', () => {
    const linux = join(ROOT, 'release', 'linux-unpacked', 'fleetdesk');
    expect(packagedTarget(host('linux', 'x64', [ELECTRON, linux], ELECTRON), ROOT, {})).toEqual({
      ok: true,
      value: { kind: 'packaged', command: linux, args: [] },
    });
    const elsewhere = '/opt/Fleetdesk/fleetdesk';
    expect(
      packagedTarget(host('linux', 'x64', [ELECTRON, elsewhere], ELECTRON), ROOT, {
        FLEETDESK_PACKAGED_APP: elsewhere,
      }),
    ).toMatchObject({ ok: true, value: { command: elsewhere } });
    expect(packagedTarget(host('linux', 'x64', [ELECTRON], ELECTRON), ROOT, {})).toEqual({
      ok: false,
      reason: expect.stringMatching(/^no packaged app at .*linux-unpacked.*electron-builder --dir/),
    });
  });

  it('skips with the reason, unless FLEETDESK_SMOKE_REQUIRED makes a missing app a failure', () => {
    const missing = { ok: false, reason: 'no built app at out/main/index.js; run npm run build' } as const;
    expect(targetOrSkipReason(missing, {})).toEqual({ target: null, skipReason: missing.reason });
    expect(() => targetOrSkipReason(missing, { FLEETDESK_SMOKE_REQUIRED: '1' })).toThrow(
      /FLEETDESK_SMOKE_REQUIRED is set, but the Electron smoke test cannot run: no built app/,
    );
    const found = { ok: true, value: { kind: 'built', command: ELECTRON, args: [ROOT] } } as const;
    expect(targetOrSkipReason(found, { FLEETDESK_SMOKE_REQUIRED: '1' })).toEqual({
      target: found.value,
      skipReason: null,
    });
  });
});
