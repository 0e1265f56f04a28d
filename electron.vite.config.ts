import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

/**
 * Source maps are written beside the bundles but named nowhere in them ('hidden'), and electron-builder.yml
 * leaves every *.map out of the installer: the release workflow keeps them as an artifact, so a stack in an
 * operator's log (main's own, or the screen's through app.reportError) can be read against the sources
 * without the app shipping them.
 */
const SOURCEMAP = 'hidden';

export default defineConfig({
  main: {
    build: {
      sourcemap: SOURCEMAP,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // Its own entry next to index.js: the report pool starts out/main/report-worker.js in worker threads
          // (src/server/reports/worker-entry.ts looks for it there before falling back to the TypeScript source).
          // In the installed app both files sit inside app.asar, and that works: Electron's Node runs
          // setupAsarSupport() in every worker thread before loading its entry (Electron's patch
          // "worker_thread: add asar support", electron/electron#33216, 2022), so the worker reads its script
          // and its imports from the archive as the main process does. Plain Node cannot, which is
          // why test/build/packaged-layout.test.ts runs the packaged worker from an extracted copy.
          'report-worker': resolve(__dirname, 'src/server/reports/report-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': whatever else it imports at run time is bundled in.
      // That is the two channel names alone (src/shared/ipc/channels.ts): the preload takes the contract's
      // types only, which are erased, so zod and the interface schemas stay out of it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload must be one CommonJS file that only requires 'electron'.
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      sourcemap: SOURCEMAP,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [vue()],
  },
});
