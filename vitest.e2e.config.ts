import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end tests: real Chromium (Debian's) against the sandbox and the app, started once. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // Two files at a time, each with its own browser, on the one stack (E2E_WORKERS=1 runs them one
    // after another). A file's data never collides with another's: each makes its own records, and
    // a check of a whole list reads it before and after.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 90_000,
    hookTimeout: 480_000,
    teardownTimeout: 30_000,
  },
});
