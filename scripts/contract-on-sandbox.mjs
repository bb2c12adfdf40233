#!/usr/bin/env node
// The contract suite against a fresh sandbox (what `npm test` runs): starts the sandbox on a free
// port of 127.0.0.1 with a new temporary data folder, waits for GET /health, runs
// `tests/contract/run.ts --base … --json .e2e/reports/contract.json --require-success --sandbox`
// (`--sandbox`: the sandbox's own rules are checked too, and operations that act on records the run
// did not make are sent, the sandbox being thrown away; the JUnit XML lands beside the JSON,
// contract.xml), stops the sandbox and exits with the suite's code: a failed
// check, or an operation whose success answer was not checked, fails the step. Every wait is
// bounded. Extra arguments go to the suite (e.g. --service user).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, freePort, sleep, stopGroup } from './processes.mjs';
import { freshSandboxDir } from './sandbox-data.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const reportFile = path.join(root, '.e2e', 'reports', 'contract.json');
const HOST = '127.0.0.1';
const seconds = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const STARTUP_S = seconds('CONTRACT_SANDBOX_STARTUP_S', 420); // migrations + seed on a fresh folder
const SUITE_S = seconds('CONTRACT_SUITE_TIMEOUT_S', 600);
const STOP_S = 10;

const log = (line) => console.log(`[contract-on-sandbox] ${line}`);

/** SIGTERM to the child's process group (tsx runs node under it), SIGKILL after a timeout. */
const stop = (child, name) => stopGroup(child, { stopSeconds: STOP_S, onKill: () => log(`${name} did not stop within ${STOP_S} s: SIGKILL`) });

async function waitForHealth(origin, child) {
  const deadline = Date.now() + STARTUP_S * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return `the sandbox exited early (code ${child.exitCode ?? child.signalCode})`;
    try {
      const response = await fetch(`${origin}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return undefined;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return `no answer from ${origin}/health within ${STARTUP_S} s`;
}

function failReport(message) {
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, `${JSON.stringify({ passed: 0, failed: 1, skipped: 0, error: message, operations: [] }, null, 2)}\n`);
}

let sandbox;
let suite;
let dataDir;
let cleaning = false;

async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  await stop(suite, 'the suite');
  await stop(sandbox, 'the sandbox');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    void cleanup().then(() => process.exit(130));
  });
}

async function main() {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  dataDir = freshSandboxDir('contract-sandbox-');
  log(`starting the sandbox on ${origin} (data in ${dataDir})`);
  const stderr = [];
  sandbox = spawn(tsx, ['sandbox/main.ts', '--data-dir', dataDir, '--port', String(port), '--host', HOST, '--quiet', '--test-mailbox'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  sandbox.stderr.on('data', (chunk) => {
    stderr.push(String(chunk));
    if (stderr.length > 200) stderr.shift();
  });
  const problem = await waitForHealth(origin, sandbox);
  if (problem) {
    log(`${problem}`);
    if (stderr.length) console.error(stderr.join('').split('\n').slice(-40).join('\n'));
    failReport(`sandbox did not start: ${problem}`);
    return 1;
  }
  log('sandbox ready; running the contract suite');
  mkdirSync(path.dirname(reportFile), { recursive: true });
  suite = spawn(tsx, ['tests/contract/run.ts', '--base', origin, '--json', reportFile, '--require-success', '--sandbox', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    // The recipients' mailbox of this sandbox (started with --test-mailbox): where the suite reads the reset and confirmation links.
    env: { ...process.env, FORCE_COLOR: '0', CONTRACT_TEST_MAILBOX: `${origin}/internal/mailbox` },
  });
  const code = await Promise.race([exited(suite), sleep(SUITE_S * 1000).then(() => 'timeout')]);
  if (code === 'timeout') {
    log(`the suite did not finish within ${SUITE_S} s`);
    failReport(`contract suite timed out after ${SUITE_S} s`);
    return 1;
  }
  const errors = stderr.join('');
  if (/errore (non gestito|in )/.test(errors)) {
    log('the sandbox logged errors during the run (last lines):');
    console.error(errors.split('\n').filter(Boolean).slice(-20).join('\n'));
  }
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  failReport(String(error));
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
