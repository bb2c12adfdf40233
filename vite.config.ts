/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Unit files that need no browser globals: the sandbox's, the contract tooling's and pure logic. */
const NODE_TESTS = [
  'tests/unit/*sandbox*.test.ts',
  'tests/unit/contract-*.test.ts',
  'tests/unit/estimate-pdf.test.ts',
  'tests/unit/cron-words.test.ts',
  'tests/unit/play-logs-seed.test.ts',
  'tests/unit/permissions.test.ts',
  'tests/unit/i18n.test.ts',
  'tests/unit/config.test.ts',
  'tests/unit/company-config.test.ts',
  'tests/unit/analytics-charts.test.ts',
  'tests/unit/serve.test.ts',
  'tests/unit/test-lanes.test.ts',
  'tests/unit/types-flow.test.ts',
  'tests/unit/router-build.test.ts',
  'tests/unit/generate-fields.test.ts',
];

/**
 * Node files that start from a migrated database (support/smallSeed.ts, openMigrated) and seed what
 * they need: the migrated database is made once per run, in the project's globalSetup.
 */
const MIGRATED_TESTS = [
  'tests/unit/availability-sandbox.test.ts',
  'tests/unit/contract-suite.test.ts',
  'tests/unit/estimate-pdf.test.ts',
  'tests/unit/permits-sandbox.test.ts',
  'tests/unit/plannings-sandbox.test.ts',
  'tests/unit/proof-of-play-sandbox.test.ts',
  'tests/unit/sale-sandbox.test.ts',
  'tests/unit/sandbox-roles.test.ts',
  'tests/unit/sandbox-hostile.test.ts',
  'tests/unit/sandbox-services.test.ts',
  'tests/unit/sandbox-sessions.test.ts',
  'tests/unit/sandbox-statuses.test.ts',
  'tests/unit/sandbox-upload-limits.test.ts',
  'tests/unit/sandbox-user.test.ts',
  'tests/unit/sandbox-user-views.test.ts',
  'tests/unit/systems-sandbox.test.ts',
  'tests/unit/systems-sandbox-paging.test.ts',
  'tests/unit/sweeps-sandbox.test.ts',
  'tests/unit/transitions-sandbox.test.ts',
];
/** Node files that start from the small seed (openSmallSeed): it is made once per run, in the project's globalSetup. */
const SEEDED_TESTS = [
  'tests/unit/circuits-sandbox.test.ts',
  'tests/unit/detections-sandbox.test.ts',
  'tests/unit/estimate-acceptance-sandbox.test.ts',
  'tests/unit/estimate-faces-sandbox.test.ts',
  'tests/unit/imports-sandbox.test.ts',
  'tests/unit/inbox-sandbox.test.ts',
  'tests/unit/sandbox-sequences.test.ts',
  'tests/unit/sandbox-client-views.test.ts',
  'tests/unit/sandbox-side-doors.test.ts',
  'tests/unit/work-orders-sandbox.test.ts',
  'tests/unit/canone-sandbox.test.ts',
  'tests/unit/sandbox-systems-read.test.ts',
  'tests/unit/stale-updates-sandbox.test.ts',
  'tests/unit/stale-frame-planner-sandbox.test.ts',
];

/**
 * The sandbox projects' files share one set of modules (isolate: false): importing the services and
 * building their validators was a third of each file's time. support/sandboxModules.ts puts back,
 * before each file, the module state a file may change (the clock, the sign-in limits, kept counts).
 */
const SHARED_SANDBOX = { isolate: false, setupFiles: ['tests/unit/support/sandboxModules.ts'] };

/**
 * react-router's package exports name its development build only (its warnings and checks); a
 * production build takes the production one it ships beside it, for both of its entries (one
 * build of the two, or the router's contexts would be two).
 */
const routerBuild = (entry: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(command === 'build' ? REACT_ROUTER_PRODUCTION : [])],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // 'hidden': the maps are written (for reading a production stack trace) but the bundles do not
  // point to them, and scripts/serve.mjs never serves them: browsers get no source.
  build: { sourcemap: 'hidden', chunkSizeWarningLimit: 2000 },
  test: {
    restoreMocks: true,
    // A timeout is no speed check: on a shared, loaded machine (CI runs the unit tests beside the
    // end-to-end tests on two cores) a test that clicks through a menu in jsdom can take well over
    // vitest's default 5 s, and one that makes PGlite clusters (initdb, then copies) passed 30 s on
    // a CI run; a test that is wrong still fails, on its assertion.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two projects, so that a file that touches no DOM skips jsdom and the DOM matchers' set-up,
    // which every isolated file otherwise pays for. A new file runs in jsdom unless listed here.
    projects: [
      { extends: true, test: { name: 'node', include: NODE_TESTS, exclude: [...MIGRATED_TESTS, ...SEEDED_TESTS], environment: 'node' } },
      // Projects of their own, so that a snapshot is made only when one of their files runs.
      {
        extends: true,
        test: { name: 'sandbox-migrated', include: MIGRATED_TESTS, environment: 'node', ...SHARED_SANDBOX, globalSetup: ['tests/unit/support/migrated.global.ts'] },
      },
      {
        extends: true,
        test: { name: 'sandbox-seeded', include: SEEDED_TESTS, environment: 'node', ...SHARED_SANDBOX, globalSetup: ['tests/unit/support/smallSeed.global.ts'] },
      },
      // The jsdom files share one environment and their modules (isolate: false): importing
      // react-admin and MUI and making a jsdom once per file was two thirds of the project's time.
      // tests/unit/setup.ts puts back what a test may leave behind (rendered trees, storage, the
      // language).
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: NODE_TESTS,
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          isolate: false,
        },
      },
    ],
  },
}));
