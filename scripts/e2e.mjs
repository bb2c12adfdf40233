#!/usr/bin/env node
// End-to-end tests: Vitest drives Debian's chromium (playwright-core) against the npm start stack.
// `--seed large`: the files of tests/e2e/large on a sandbox of the large seed (20,000 systems),
// reported in .e2e/reports/e2e-large.json; otherwise every other file on the small seed, in e2e.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.e2e', 'reports');
mkdirSync(reports, { recursive: true });
// Every argument but `--seed <size>` goes to vitest (file filters, -t …).
const args = process.argv.slice(2);
const at = args.indexOf('--seed');
const seed = at >= 0 ? args.splice(at, 2)[1] : 'small';
if (seed !== 'small' && seed !== 'large') {
  console.error(`--seed vuole small o large, non ${seed}`);
  process.exit(2);
}
const large = seed === 'large';
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  [
    'run',
    '--config',
    'vitest.e2e.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, large ? 'e2e-large.json' : 'e2e.json')}`,
    ...args,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_SEED: seed } },
);
process.exit(result.status ?? 1);
