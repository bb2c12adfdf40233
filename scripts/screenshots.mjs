#!/usr/bin/env node
// `npm run screenshots`: writes the README screenshots (docs/screenshots/*.png) again, from the
// accessibility walk of tests/e2e/a11y.e2e.ts on its own stack. `npm test` takes the same pictures
// into .e2e/screenshots/ instead, so that a test run never changes tracked files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'e2e.mjs'), 'tests/e2e/a11y.e2e.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOTS_DIR: path.join(root, 'docs', 'screenshots') },
});
process.exit(result.status ?? 1);
