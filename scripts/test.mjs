#!/usr/bin/env node
// `npm test`: every test of the project, in order, each step reported; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.e2e', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  { name: 'generated code matches the documents', cmd: 'node', args: ['scripts/generate.mjs', '--check'] },
  { name: 'OpenAPI lint (redocly recommended)', cmd: bin('redocly'), args: ['lint', '--config', 'openapi/redocly.yaml', '--format', 'summary'] },
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'eslint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  {
    name: 'unit tests (vitest)',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'unit.json')}`],
    report: 'unit.json',
  },
  { name: 'contract suite against a fresh sandbox', cmd: 'node', args: ['scripts/contract-on-sandbox.mjs'], report: 'contract.json', optional: 'scripts/contract-on-sandbox.mjs' },
  { name: 'robustness: load and restart against a fresh sandbox', cmd: 'node', args: ['scripts/robustness.mjs'], report: 'robustness.json' },
  { name: 'end-to-end (Playwright, Debian chromium)', cmd: 'node', args: ['scripts/e2e.mjs'], report: 'e2e.json', optional: 'scripts/e2e.mjs' },
];

function run(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
    child.on('exit', (code) => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
    child.on('error', () => resolve({ code: 1, seconds: 0 }));
  });
}

/** Counts from a step's JSON report: vitest's shape, or { passed, failed, skipped }. */
function counts(file) {
  const p = path.join(reports, file);
  if (!existsSync(p)) return null;
  const r = JSON.parse(readFileSync(p, 'utf8'));
  if (typeof r.numPassedTests === 'number') return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  return { passed: r.passed ?? 0, failed: r.failed ?? 0, skipped: r.skipped ?? 0 };
}

const results = [];
for (const step of steps) {
  if (step.optional && !existsSync(path.join(root, step.optional))) continue;
  console.log(`\n=== ${step.name}`);
  const { code, seconds } = await run(step);
  const c = step.report ? counts(step.report) : null;
  results.push({ name: step.name, ok: code === 0, seconds, counts: c });
  console.log(`=== ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
}

console.log('\nSummary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const extra = r.counts ? ` — ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped` : '';
  console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name}${extra} (${r.seconds.toFixed(1)} s)`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  } else if (r.ok) passed += 1;
  else failed += 1;
  if (!r.ok && r.counts && r.counts.failed === 0) failed += 1; // a step that failed without a failed test still fails
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
