import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { installedElectronBinary } from '../../../scripts/electron-binary';

/** The project root: the built app is its out/, the packaged one its release/. */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** How the smoke suite starts Fleetdesk: `command args…`, plus what it checks that only that kind has. */
export interface SmokeTarget {
  readonly kind: 'built' | 'packaged';
  readonly command: string;
  readonly args: readonly string[];
}

export type Found<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export interface Host {
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  readonly exists: (path: string) => boolean;
  /** node_modules/electron's downloaded binary; null where the download was skipped or failed. */
  readonly electronBinary: () => string | null;
}

export const thisHost: Host = {
  platform: process.platform,
  arch: process.arch,
  exists: existsSync,
  electronBinary: installedElectronBinary,
};

/** The Electron binary of node_modules/electron, which npm ci downloads unless ELECTRON_SKIP_BINARY_DOWNLOAD is set. */
export function electronBinary(host: Host = thisHost): Found<string> {
  const path = host.electronBinary();
  return path !== null
    ? { ok: true, value: path }
    : {
        ok: false,
        reason:
          'no Electron binary in node_modules/electron (its download was skipped or failed); install without ELECTRON_SKIP_BINARY_DOWNLOAD',
      };
}

/** `electron .` on the project: out/ as `npm run build` leaves it, not packaged (app.isPackaged is false). */
export function builtTarget(host: Host = thisHost, root = ROOT): Found<SmokeTarget> {
  const electron = electronBinary(host);
  if (!electron.ok) return electron;
  const main = join(root, 'out', 'main', 'index.js');
  if (!host.exists(main)) return { ok: false, reason: `no built app at ${main}; run npm run build` };
  return { ok: true, value: { kind: 'built', command: electron.value, args: [root] } };
}

/**
 * Where `electron-builder --dir` (and every installer build, beside its
 * installers) leaves the app for this platform and architecture, as
 * electron-builder names the folders: linux-unpacked, win-unpacked,
 * win-arm64-unpacked, mac/…app, mac-arm64/…app.
 */
export function packagedExecutable(
  host: Host,
  root: string,
  productName: string,
  executableName: string,
): string {
  const release = join(root, 'release');
  const armSuffix = host.arch === 'arm64' ? '-arm64' : '';
  switch (host.platform) {
    case 'win32':
      return join(release, `win${armSuffix}-unpacked`, `${productName}.exe`);
    case 'darwin':
      return join(release, `mac${armSuffix}`, `${productName}.app`, 'Contents', 'MacOS', productName);
    default:
      return join(release, `linux${armSuffix}-unpacked`, executableName);
  }
}

/** The packaged app (asar, fuses flipped), from FLEETDESK_PACKAGED_APP or where electron-builder leaves it. */
export function packagedTarget(
  host: Host = thisHost,
  root = ROOT,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Found<SmokeTarget> {
  const electron = electronBinary(host);
  if (!electron.ok) return electron;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    productName: string;
  };
  const executable =
    env['FLEETDESK_PACKAGED_APP'] || packagedExecutable(host, root, pkg.productName, pkg.name);
  if (!host.exists(executable))
    return {
      ok: false,
      reason: `no packaged app at ${executable}; run npm run build && npx electron-builder --dir (or set FLEETDESK_PACKAGED_APP)`,
    };
  return { ok: true, value: { kind: 'packaged', command: executable, args: [] } };
}

/**
 * Where Electron cannot run, the suite is skipped with its reason printed,
 * never passed. CI sets FLEETDESK_SMOKE_REQUIRED, and there a missing binary
 * or build is a failure instead.
 */
export function targetOrSkipReason(
  found: Found<SmokeTarget>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { readonly target: SmokeTarget | null; readonly skipReason: string | null } {
  if (found.ok) return { target: found.value, skipReason: null };
  if (env['FLEETDESK_SMOKE_REQUIRED'] === '1')
    throw new Error(
      `FLEETDESK_SMOKE_REQUIRED is set, but the Electron smoke test cannot run: ${found.reason}`,
    );
  return { target: null, skipReason: found.reason };
}
