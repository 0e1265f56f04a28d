import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Three kinds of test, so that the quick loop is quick (README: "The test loop"):
//  - unit (unit:node and unit:dom): this process only — no sockets, no worker threads, no other programs,
//    no SQLite files; test/support/unit-only.ts fails a unit test that tries. `npm run test:unit`.
//  - integration: the real local service over real sockets, SQLite files, worker threads, poppler.
//  - e2e: Chromium, the browser shell, the electron-vite build.
// A new Node test file is a unit test until it needs more; then it goes in one of the lists below.

const NODE_TESTS = [
  'test/shared/**/*.test.ts',
  'test/server/**/*.test.ts',
  'test/core/**/*.test.ts',
  'test/electron/**/*.test.ts',
  'test/build/**/*.test.ts',
  'test/lint/**/*.test.ts',
  'test/scripts/**/*.test.ts',
  'test/bench/**/*.test.ts',
];

const INTEGRATION = [
  // The local service, over HTTP and WebSocket.
  'test/server/cli.test.ts',
  'test/server/docs/**/*.test.ts',
  'test/server/fleet/{assets,records,trackers,tracking-links}.test.ts',
  'test/server/fuzz/**/*.test.ts',
  'test/server/http/**/*.test.ts',
  'test/server/realtime/!(live-update-json).test.ts',
  'test/server/reports/*.test.ts',
  'test/server/tracking/{live-feed,tracking-access-limits,tracking-link-rest,tracking-page-http}.test.ts',
  'test/server/tracking/{allowed-viewers,bearer-viewer}.test.ts',
  'test/server/fleet/strict-numbers.test.ts',
  'test/server/alarms/{alarm-feed,alarm-restart,geofence-crossing,geofences}.test.ts',
  'test/server/oauth/**/*.test.ts',
  'test/core/self-test/self-test.test.ts',
  'test/core/alarms/{alarm-inbox,local-mode}.test.ts',
  'test/core/api/alarms-api.test.ts',
  'test/core/{access,drivers,fuel,groups,maintenance,mobility,photos,tags,trackers}/*.test.ts',
  'test/core/reports/report-twins.test.ts',
  'test/core/reports/report-file-redirects.test.ts',
  'test/core/session/oauth/{browser-sign-in,loopback-receiver}.test.ts',
  'test/server/fleet/listed-resources.test.ts',
  'test/electron/self-test.test.ts',
  'test/core/app-core-*.test.ts',
  'test/core/api/{asset-pages,fleet-api,history-json-decoder,http-client,reports-api}.test.ts',
  'test/core/fleet/fleet-model.test.ts',
  'test/core/fleet/unlisted-live-fixes.test.ts',
  'test/core/api/laravel-scalars.test.ts',
  'test/core/history/history-service.test.ts',
  'test/core/links/link-service.test.ts',
  'test/core/realtime/realtime.test.ts',
  'test/core/reports/report-client.test.ts',
  'test/core/session/session.test.ts',
  'test/electron/secret-store.test.ts',
  // SQLite files on disk.
  'test/electron/electron-shell.test.ts',
  'test/core/cache/offline-cache.test.ts',
  'test/core/tiles/*.test.ts',
  'test/core/cache/migrations/**/*.test.ts',
  // Other programs: a second Node, poppler.
  'test/server/sim/determinism.test.ts',
  'test/server/reports/render/{pdf-report,every-type-every-format,chart-gaps,international-text}.test.ts',
  'test/server/reports/render/pdf/{fonts-load-lazily,table-layout}.test.ts',
  'test/build/release-readiness.test.ts',
  'test/scripts/check-node.test.ts',
];

const E2E = [
  'test/e2e/**/*.test.ts',
  'test/browser-shell/**/*.test.ts',
  'test/build/packaged-layout.test.ts',
  'test/electron/build-output.test.ts',
];

export default defineConfig({
  test: {
    // .ci/run reads the report; scripts/clock-sweep.sh keeps one per moment it runs the tests at.
    reporters: [
      'default',
      ['json', { outputFile: process.env.FLEETDESK_TEST_REPORT ?? 'test-results/vitest.json' }],
    ],
    projects: [
      {
        test: {
          name: 'unit:node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...INTEGRATION, ...E2E],
          setupFiles: ['test/support/unit-only.ts'],
          // Not timed: a guard against a hang, wide enough for the sim-heavy files on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'unit:dom',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts'],
          setupFiles: ['test/support/unit-only.ts'],
          // One happy-dom per worker instead of one per file (two thirds of this project's time), each file
          // still in a context of its own.
          pool: 'vmThreads',
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: INTEGRATION,
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
          include: E2E,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
