import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The sentinel and layout @electron/fuses looks for (its dist/constants.js):
 * sentinel, wire version (1), wire length, then one byte per fuse.
 */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_DISABLED = 0x30;
const FUSE_COUNT = 8;

/**
 * An unpacked Linux Electron distribution as electron-builder's
 * `electronDist` option takes it (app-builder-lib ElectronFramework.unpack:
 * a folder without the release zip is copied as it is): the `electron`
 * executable it renames to the product's, `resources/` where app.asar goes,
 * the `version` file and the licence files. The Electron binary cannot be
 * downloaded here, so the executable is a shell script that carries a fuse
 * wire (every fuse off) in Electron's format, which electron-builder then
 * flips as electron-builder.yml asks, exactly as it does on a real binary.
 */
export function writeStandInElectronDist(dir: string, electronVersion: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, FUSE_COUNT]),
    Buffer.alloc(FUSE_COUNT, FUSE_DISABLED),
  ]);
  const script = Buffer.from('#!/bin/sh\necho "stand-in Electron: not runnable" >&2\nexit 1\n# ', 'latin1');
  const executable = join(dir, 'electron');
  writeFileSync(executable, Buffer.concat([script, wire, Buffer.from('\n')]));
  chmodSync(executable, 0o755);
  writeFileSync(join(dir, 'version'), electronVersion);
  writeFileSync(join(dir, 'LICENSE'), 'stand-in\n');
  writeFileSync(join(dir, 'LICENSES.chromium.html'), '<p>stand-in</p>\n');
  return dir;
}
