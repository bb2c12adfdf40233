#!/usr/bin/env node
// Robustness, what `npm test` runs after the contract suite: a bounded load (50
// connections for 30 s, ROBUSTNESS_SECONDS to shorten it locally) with 0 errors and every
// acknowledged write counted back from the database, then restarts of the sandbox (SIGTERM, then
// SIGKILL) in the middle of writes that lose no acknowledged write; then the load again, 10 s
// (ROBUSTNESS_PG_SECONDS), with the sandbox on a throw-away PostgreSQL server. The run itself is
// tests/robustness/run.ts on a fresh sandbox of its own; this wrapper bounds it and makes sure
// .e2e/reports/robustness.json exists whatever happens.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const reportFile = path.join(root, '.e2e', 'reports', 'robustness.json');
const seconds = Number(process.env.ROBUSTNESS_SECONDS) > 0 ? Number(process.env.ROBUSTNESS_SECONDS) : 30;
const LIMIT_MS = (seconds + 1500) * 1000;

mkdirSync(path.dirname(reportFile), { recursive: true });
rmSync(reportFile, { force: true });

const child = spawn(tsx, ['tests/robustness/run.ts', '--report', reportFile], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, FORCE_COLOR: '0' },
});
const kill = (sig) => {
  try {
    process.kill(-child.pid, sig);
  } catch {
    // already gone
  }
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => kill(sig));
const timer = setTimeout(() => {
  console.error(`[robustness] no end within ${LIMIT_MS / 1000} s: stopping the run`);
  kill('SIGTERM');
  setTimeout(() => kill('SIGKILL'), 15_000).unref();
}, LIMIT_MS);

const code = await new Promise((resolve) => {
  child.on('exit', (c) => resolve(c ?? 1));
  child.on('error', () => resolve(1));
});
clearTimeout(timer);
if (!existsSync(reportFile)) {
  writeFileSync(reportFile, `${JSON.stringify({ passed: 0, failed: 1, skipped: 0, error: `the run ended (code ${code}) without a report`, figures: {} }, null, 2)}\n`);
}
process.exit(code);
