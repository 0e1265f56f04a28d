import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Three projects: Node (server, core, Electron glue against the shared fake),
// happy-dom (renderer components and view logic), and end-to-end in Chromium.
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/shared/**/*.test.ts',
            'test/server/**/*.test.ts',
            'test/core/**/*.test.ts',
            'test/electron/**/*.test.ts',
            'test/browser-shell/**/*.test.ts',
            'test/build/**/*.test.ts',
            'test/lint/**/*.test.ts',
            'test/scripts/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts'],
        },
      },
      {
        // The real Electron app, built and packaged (test/electron-smoke): skipped with its reason where
        // there is no Electron binary; its helpers' own tests run everywhere.
        test: {
          name: 'electron-smoke',
          environment: 'node',
          include: ['test/electron-smoke/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
