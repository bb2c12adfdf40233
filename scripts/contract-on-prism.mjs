#!/usr/bin/env node
// The contract suite against an independent, third-party mock of the documents: Stoplight Prism
// (`prism mock`, static examples, request validation on). Prism serves one document per process, so
// the 21 documents are merged into one (each service's paths under `/<service><servers[0] path>`,
// the address the suite computes for `--base`; component names prefixed with the service so that
// the documents' own names cannot collide) and one Prism serves it on a free port of 127.0.0.1.
// The suite runs with `--mock` (a mock keeps no records and reads no `x-` extension: the checks that
// need either — unknown id → 404, the same create twice → 409, a missing reference → 422, parallel
// creates with distinct ids, body and row limits — are skipped) and without `--sandbox-extras`: it
// checks only what the documents state.
// Writes .e2e/reports/contract-prism.json ({ passed, failed, skipped, … }) and its JUnit XML beside.
// Every wait is bounded. Extra arguments go to the suite (e.g. --service user).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { exited, freePort, sleep, stopGroup } from './processes.mjs';
import { SERVICES } from './services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportFile = path.join(root, '.e2e', 'reports', 'contract-prism.json');
const HOST = '127.0.0.1';
const seconds = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const STARTUP_S = seconds('CONTRACT_PRISM_STARTUP_S', 60);
const SUITE_S = seconds('CONTRACT_PRISM_SUITE_TIMEOUT_S', 300);
const STOP_S = 5;
const COMPONENT_KINDS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const log = (line) => console.log(`[contract-on-prism] ${line}`);

/** The path a service's operations live under: `/<service>` and servers[0]'s path, `{host}` left out. */
export function servicePrefix(service, doc) {
  const server = doc.servers?.[0];
  const variables = server?.variables ?? {};
  const url = (server?.url ?? '{host}').replace(/\{([^}]+)\}/g, (_all, name) => (name === 'host' ? '' : String(variables[name]?.default ?? '')));
  return `/${service}${url}`.replace(/\/+$/, '');
}

function renameRefs(value, service) {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, service));
  if (!value || typeof value !== 'object') return value;
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') out[key] = v.replace(/^#\/components\/([^/]+)\/(.+)$/, (_all, kind, name) => `#/components/${kind}/${service}_${name}`);
    else out[key] = renameRefs(v, service);
  }
  return out;
}

const renameSecurity = (requirements, service) => requirements?.map((r) => Object.fromEntries(Object.entries(r).map(([name, scopes]) => [`${service}_${name}`, scopes])));

/** One OpenAPI 3.1 document holding every service's operations at the addresses the suite uses. */
export function mergeDocuments(documents) {
  const merged = { openapi: '3.1.0', info: { title: 'Tutti i servizi (mock della suite di contratto)', version: '1.0.0' }, paths: {}, components: {} };
  for (const [service, original] of documents) {
    const doc = renameRefs(original, service);
    const prefix = servicePrefix(service, original);
    for (const [template, item] of Object.entries(doc.paths ?? {})) {
      const pathItem = { ...item };
      for (const method of METHODS) {
        if (!pathItem[method]) continue;
        const op = { ...pathItem[method] };
        // Root-level security moves onto each operation (the merged document has none of its own).
        op.security = renameSecurity(op.security ?? doc.security, service);
        pathItem[method] = op;
      }
      merged.paths[`${prefix}${template}`] = pathItem;
    }
    for (const kind of COMPONENT_KINDS) {
      for (const [name, value] of Object.entries(doc.components?.[kind] ?? {})) {
        merged.components[kind] ??= {};
        merged.components[kind][`${service}_${name}`] = value;
      }
    }
  }
  return merged;
}

const stop = (child) => stopGroup(child, { stopSeconds: STOP_S });

/** Waits until Prism answers (any status: it validates every request against the documents). */
async function waitForPrism(origin, child) {
  const deadline = Date.now() + STARTUP_S * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return `Prism exited early (code ${child.exitCode ?? child.signalCode})`;
    try {
      await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
      return undefined;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return `Prism did not answer on ${origin} within ${STARTUP_S} s`;
}

function failReport(message) {
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, `${JSON.stringify({ passed: 0, failed: 1, skipped: 0, error: message, operations: [] }, null, 2)}\n`);
}

let prism;
let suite;
let workDir;

async function cleanup() {
  await stop(suite);
  await stop(prism);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

/** Prism's own end while the suite runs: its exit code or signal and the last lines it wrote. */
function prismEnded(child, output) {
  return new Promise((resolve) =>
    child.once('exit', (code, signal) =>
      resolve({ how: signal ? `signal ${signal}` : `code ${code}`, tail: output.join('').split('\n').slice(-40).join('\n') }),
    ),
  );
}

/** One run: Prism on a free port, then the suite against it. `prismDied` when Prism ended before the suite did. */
async function attempt(file) {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  log(`starting Prism on ${origin} (${SERVICES.length} documents merged into ${file})`);
  const output = [];
  prism = spawn(bin('prism'), ['mock', file, '--host', HOST, '--port', String(port), '--errors', '--verboseLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  for (const stream of [prism.stdout, prism.stderr]) {
    stream.on('data', (chunk) => {
      output.push(String(chunk));
      if (output.length > 400) output.shift();
    });
  }
  const problem = await waitForPrism(origin, prism);
  if (problem) {
    log(problem);
    console.error(output.join('').split('\n').slice(-40).join('\n'));
    failReport(problem);
    return { code: 1 };
  }
  const died = prismEnded(prism, output);
  log('Prism ready; running the contract suite (documents only, mock target)');
  suite = spawn(bin('tsx'), ['tests/contract/run.ts', '--base', origin, '--mock', '--disposable', '--json', reportFile, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const outcome = await Promise.race([
    exited(suite).then((code) => ({ code })),
    died.then((end) => ({ prismDied: end })),
    sleep(SUITE_S * 1000).then(() => ({ timeout: true })),
  ]);
  if (outcome.timeout) {
    log(`the suite did not finish within ${SUITE_S} s`);
    failReport(`contract suite against Prism timed out after ${SUITE_S} s`);
    return { code: 1 };
  }
  if (outcome.prismDied) {
    await stop(suite);
    log(`Prism ended while the suite ran (${outcome.prismDied.how}); its last lines:`);
    console.error(outcome.prismDied.tail);
  }
  return outcome;
}

async function main() {
  const documents = SERVICES.map((service) => [service, parse(readFileSync(path.join(root, 'openapi', `${service}.yaml`), 'utf8'))]);
  workDir = mkdtempSync(path.join(tmpdir(), 'contract-prism-'));
  const file = path.join(workDir, 'all-services.json');
  writeFileSync(file, JSON.stringify(mergeDocuments(documents)));
  const first = await attempt(file);
  if (!first.prismDied) return first.code;
  // The mock itself ended under the suite (seen once on a loaded machine, a request it had answered
  // in every other run): one more run on a new Prism, said here. A second end fails the step.
  log('the suite runs again on a new Prism');
  const second = await attempt(file);
  if (!second.prismDied) return second.code;
  failReport(`Prism ended twice while the suite ran (${second.prismDied.how})`);
  return 1;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void cleanup().then(() => process.exit(130)));
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    failReport(String(error));
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}
