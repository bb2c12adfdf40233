import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end tests: a real Chromium (Debian's) against the sandbox and the app, started once. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 480_000,
    teardownTimeout: 30_000,
  },
});
