#!/usr/bin/env node
// `npm test`: every test of the project, each step reported; exits non-zero on any failure.
//
// Two lanes, one per core: a step starts as soon as a lane is free and the steps it needs are done,
// in the order listed. The unit tests take the first lane (vitest runs one worker on two cores,
// cores - 1). The second builds the production app and then runs the end-to-end step on it, the
// longest step (two files at a time, each with its own browser), from the start of the run, after
// the sandbox data its stack, the contract suite and the robustness run copy are prepared. The lane
// the unit tests free takes the end-to-end tests on the large seed next. As each
// lane frees, it takes the next of the short steps, longest first (the robustness run, the PostgreSQL
// run, the contract suite, the contract suite against Prism, tsc, ESLint, drift, OpenAPI lint), so
// that the lanes end close together. The wall time of
// every step goes to .e2e/reports/steps.json, which `npm run bench` reports.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInLanes } from './lanes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.e2e', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const appDist = path.join(root, '.e2e', 'app-dist');
const sandboxTemplate = path.join(root, '.e2e', 'sandbox-template');
const TEMPLATE = 'sandbox data for the test steps (migrations and the small seed, once)';
/** The steps that start a sandbox begin from a copy of the prepared data (scripts/sandbox-data.mjs). */
const fromTemplate = { needs: [TEMPLATE], env: { SANDBOX_TEMPLATE_DIR: sandboxTemplate } };
const LANES = 2;
/** `needs`: the steps that must have ended first; `alone`: nothing else runs beside it (it prints as it goes). */
const steps = [
  {
    name: 'unit tests (vitest)',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'unit.json')}`],
    report: 'unit.json',
  },
  { name: 'production build for the end-to-end tests', cmd: bin('vite'), args: ['build', '--outDir', appDist, '--emptyOutDir', '--logLevel', 'warn'] },
  { name: TEMPLATE, cmd: bin('tsx'), args: ['sandbox/main.ts', '--data-dir', sandboxTemplate, '--reset', '--seed', 'small', '--prepare-only', '--quiet'] },
  // Its stack serves that build (no build of its own).
  {
    name: 'end-to-end (Playwright, Debian chromium)',
    cmd: 'node',
    args: ['scripts/e2e.mjs'],
    report: 'e2e.json',
    env: { E2E_APP_DIST: appDist, SANDBOX_TEMPLATE_DIR: sandboxTemplate },
    needs: ['production build for the end-to-end tests', TEMPLATE],
  },
  // The lists at the large seed's size (20,000 systems, 9,999 per request of the filtered search):
  // their own sandbox, seeded as it starts (the seed's only user, so no template of its own), on
  // ports of their own, since it may run beside the end-to-end step; one file, one browser.
  {
    name: 'end-to-end on the large seed (20,000 systems)',
    cmd: 'node',
    args: ['scripts/e2e.mjs', '--seed', 'large'],
    report: 'e2e-large.json',
    env: { E2E_APP_DIST: appDist, E2E_SANDBOX_PORT: '8798', E2E_APP_PORT: '5184' },
    needs: ['production build for the end-to-end tests'],
  },
  // The short steps longest first, so that the two lanes end close together.
  { name: 'robustness: load and restart against a fresh sandbox', cmd: 'node', args: ['scripts/robustness.mjs'], report: 'robustness.json', ...fromTemplate },
  {
    name: 'PostgreSQL 15: concurrent creates on a real server',
    cmd: bin('tsx'),
    args: ['tests/postgres/run.ts', '--report', path.join(reports, 'postgres.json')],
    report: 'postgres.json',
  },
  { name: 'contract suite against a fresh sandbox', cmd: 'node', args: ['scripts/contract-on-sandbox.mjs'], report: 'contract.json', ...fromTemplate },
  // The same suite against Stoplight Prism, a third-party mock of the documents: the suite checks what the documents state.
  { name: 'contract suite against a third-party mock of the documents (Prism)', cmd: 'node', args: ['scripts/contract-on-prism.mjs'], report: 'contract-prism.json' },
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'eslint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'generated code matches the documents', cmd: 'node', args: ['scripts/generate.mjs', '--check'] },
  { name: 'OpenAPI lint (redocly recommended)', cmd: bin('redocly'), args: ['lint', '--config', 'openapi/redocly.yaml', '--format', 'summary'] },
];

/** Runs one step; alone it prints as it goes, beside another its output is held and printed whole. */
function run(step, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const env = { ...process.env, FORCE_COLOR: '0', ...step.env };
    // Through bash, whose `times` (on a descriptor of its own) gives the CPU the step's processes
    // used: on a shared machine the wall time says how busy it was as much as what the step costs.
    const child = spawn('bash', ['-c', '"$@" 3>&-; code=$?; times >&3; exit $code', step.name, step.cmd, ...step.args], {
      cwd: root,
      stdio: [alone ? 'inherit' : 'ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe', 'pipe'],
      env,
    });
    const held = [];
    if (!alone) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => held.push(d));
    const timesOut = [];
    child.stdio[3].on('data', (d) => timesOut.push(d));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      const seconds = (Date.now() - started) / 1000;
      const cpuSeconds = cpuOf(Buffer.concat(timesOut).toString());
      if (!alone) {
        console.log(`\n=== ${step.name}`);
        process.stdout.write(Buffer.concat(held));
      }
      const cpu = cpuSeconds === null ? '' : `, ${cpuSeconds.toFixed(1)} s of CPU`;
      console.log(`=== ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s${cpu}`);
      resolve({ code, seconds, cpuSeconds });
    };
    // Done once bash has exited and its `times` has been read (its descriptor closes with bash).
    let exitCode;
    let timesRead = false;
    const settle = () => exitCode !== undefined && timesRead && done(exitCode);
    child.on('exit', (code) => {
      exitCode = code ?? 1;
      settle();
    });
    child.stdio[3].on('close', () => {
      timesRead = true;
      settle();
    });
    child.on('error', () => done(1));
  });
}

/**
 * User plus system CPU seconds of the step's processes, from bash's `times` (its second line: the
 * children's `0m1.234s 0m0.056s`), or null.
 */
function cpuOf(text) {
  const line = text.trim().split('\n')[1];
  const parts = line?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  return parts ? Number(parts[1]) * 60 + Number(parts[2]) + Number(parts[3]) * 60 + Number(parts[4]) : null;
}

/** Counts from a step's JSON report: vitest's shape, or { passed, failed, skipped }. */
function counts(file) {
  const p = path.join(reports, file);
  if (!existsSync(p)) return null;
  const r = JSON.parse(readFileSync(p, 'utf8'));
  if (typeof r.numPassedTests === 'number') return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  return { passed: r.passed ?? 0, failed: r.failed ?? 0, skipped: r.skipped ?? 0 };
}

/**
 * A failure's first line. Vitest reports a case that ran past its time limit with the stack of the
 * error it made when the case was declared, whose first line is "Error: STACK_TRACE_ERROR": that is
 * named for what it is, with the case's declared line.
 */
function firstLine(message) {
  const lines = String(message ?? '').split('\n');
  if (lines[0] !== 'Error: STACK_TRACE_ERROR') return lines[0].slice(0, 300);
  const declared = lines.map((l) => /([^/\s(]+\.(?:e2e|test)\.tsx?:\d+)/.exec(l)?.[1]).find(Boolean);
  const at = declared ? ` (the case at ${declared})` : '';
  return `ran past its time limit${at}`.slice(0, 300);
}

/**
 * The failed tests named in a step's JSON report (vitest's shape: file › test, and the first line of
 * its message; other reports: their `checks` or `error`), so the summary at the end of a long log
 * says what failed.
 */
function failedNames(file) {
  const p = path.join(reports, file);
  if (!existsSync(p)) return [];
  const r = JSON.parse(readFileSync(p, 'utf8'));
  const names = [];
  for (const suite of r.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) names.push(`${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failedTests.length === 0) names.push(`${where}: ${String(suite.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  for (const c of r.checks ?? []) if (c.ok === false) names.push(`${c.name ?? ''}: ${String(c.detail ?? '').slice(0, 300)}`);
  if (r.error) names.push(String(r.error).slice(0, 300));
  return names;
}

/** `git status --porcelain` of the tree, or null outside a git checkout. */
function treeStatus() {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

const before = treeStatus();
const results = [];
const started = Date.now();
const ended = await runInLanes(steps, LANES, (step, beside) => {
  console.log(`\n=== started: ${step.name}${beside.length > 0 ? ` (beside: ${beside.map((s) => s.name).join(', ')})` : ''}`);
  return run(step, Boolean(step.alone));
});
for (const { step, outcome } of ended) {
  results.push({ name: step.name, ok: outcome.code === 0, seconds: outcome.seconds, cpuSeconds: outcome.cpuSeconds, counts: step.report ? counts(step.report) : null, failures: step.report ? failedNames(step.report) : [] });
}
// Reported in the listed order, whatever order the steps ended in.
results.sort((a, b) => steps.findIndex((s) => s.name === a.name) - steps.findIndex((s) => s.name === b.name));

// A test run must leave the working tree as it found it (no rewritten screenshots, no stray files).
const after = treeStatus();
if (before !== null && after !== before) {
  const changed = after.split('\n').filter((line) => line && !before.split('\n').includes(line));
  results.push({ name: 'the run leaves the working tree as it found it', ok: false, seconds: 0, counts: null });
  console.log(`\n=== the test run changed the working tree:\n${changed.join('\n')}`);
} else if (before !== null) {
  results.push({ name: 'the run leaves the working tree as it found it', ok: true, seconds: 0, counts: null });
}

const wall = (Date.now() - started) / 1000;
const cpuSeconds = results.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
writeFileSync(
  path.join(reports, 'steps.json'),
  JSON.stringify({ wallSeconds: wall, cpuSeconds, steps: results.map(({ name, ok, seconds, cpuSeconds }) => ({ name, ok, seconds, cpuSeconds })) }, null, 2),
);

console.log('\nSummary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const extra = r.counts ? ` — ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped` : '';
  const cpu = typeof r.cpuSeconds === 'number' ? `, ${r.cpuSeconds.toFixed(1)} s of CPU` : '';
  console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name}${extra} (${r.seconds.toFixed(1)} s${cpu})`);
  for (const name of r.failures ?? []) console.log(`           ✗ ${name}`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  } else if (r.ok) passed += 1;
  else failed += 1;
  if (!r.ok && r.counts && r.counts.failed === 0) failed += 1; // a step that failed without a failed test still fails
}
console.log(`  wall time: ${wall.toFixed(1)} s, CPU of the steps: ${cpuSeconds.toFixed(1)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
