import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startElectronShell } from './electron/electron-shell';
import { isSelfTestRun, runElectronSelfTest } from './electron/self-test';

// Bundled to out/main/index.js by electron-vite; the preload and renderer sit beside it in out/.
const outMain = dirname(fileURLToPath(import.meta.url));
if (isSelfTestRun(process.argv)) {
  void runElectronSelfTest();
} else {
  startElectronShell({
    preload: join(outMain, '../preload/index.cjs'),
    renderer: join(outMain, '../renderer'),
  })?.catch(() => {
    // Already logged and shown by the shell before it exits.
  });
}
