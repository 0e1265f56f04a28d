import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Electron binary node_modules/electron downloaded at install time, or
 * null where that download was skipped (ELECTRON_SKIP_BINARY_DOWNLOAD) or
 * blocked. Read from electron's path.txt directly: `require('electron')`
 * would try to download the binary there and then.
 */
export function installedElectronBinary(): string | null {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathTxt = join(dir, 'path.txt');
    if (!existsSync(pathTxt)) return null;
    const binary = join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}
