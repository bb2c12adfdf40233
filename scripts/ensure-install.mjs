#!/usr/bin/env node
// Installs the project's packages when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing installed beforehand.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.install-stamp');
const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) process.exit(0);

// `npm install`, not `npm ci`: the lock names platform packages of optional dependencies (the
// eslint import resolver's native bindings) that this registry does not serve, and `npm ci`
// refuses a lock it cannot match whole. With the lock present, `npm install` installs its versions.
console.log('Installo le dipendenze (npm install, dal package-lock.json)…');
const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('npm install non riuscito: vedi i messaggi sopra.');
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, hash);

// Before `npm start` on a fresh install, the sandbox's prepared data (sandbox/db/prepared.ts): the
// migrations and the small seed run here, with the install, and a new data folder is then a copy.
if (process.env.npm_lifecycle_event === 'prestart') {
  console.log('Preparo i dati di esempio della sandbox…');
  const scratch = mkdtempSync(path.join(tmpdir(), 'sandbox-prepare-'));
  const prepared = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['sandbox/main.ts', '--data-dir', scratch, '--prepare-only', '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  rmSync(scratch, { recursive: true, force: true });
  // Not fatal: the first start prepares them itself.
  if (prepared.status !== 0) console.error('Dati di esempio non preparati: li prepara il primo avvio.');
}
