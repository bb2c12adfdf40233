#!/usr/bin/env node
// End-to-end tests: Vitest drives Debian's chromium (playwright-core) against the npm start stack.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.e2e', 'reports');
mkdirSync(reports, { recursive: true });
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'e2e.json')}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
