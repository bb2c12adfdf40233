import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** E2E_SEED=large: only the files of tests/e2e/large, which need the large seed's 20,000 systems. */
const large = process.env.E2E_SEED === 'large';

/** End-to-end tests: real Chromium (Debian's) against the sandbox and the app, started once. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: large ? ['tests/e2e/large/**/*.e2e.ts'] : ['tests/e2e/**/*.e2e.ts'],
    exclude: large ? configDefaults.exclude : [...configDefaults.exclude, 'tests/e2e/large/**'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // Two files at a time, each with its own browser, on the one stack (E2E_WORKERS=1 runs them one
    // after another). A file's data never collides with another's: each makes its own records, and
    // a check of a whole list reads it before and after.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A case is a chain of waits, each bounded on its own (30 s by default, up to 120 s for an export
    // or a list of thousands): on a loaded run their sum passes a minute and a half with no wait at
    // its bound, so a case's own limit is the sum a loaded run can reach, not one wait's.
    testTimeout: 180_000,
    // expect.poll's own default (1 s) is less than a loaded machine takes to refetch a list: a check
    // that polls waits as long as the waits of the locators do.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 480_000,
    teardownTimeout: 30_000,
  },
});
