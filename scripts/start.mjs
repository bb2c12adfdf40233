#!/usr/bin/env node
// `npm start`: the sandbox services on 127.0.0.1:8787 and the app on 127.0.0.1:5173, together.
// Ctrl-C (or the end of either) stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [];

function start(name, cmd, args) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) console.log(prefix(line));
    });
  }
  child.on('exit', (code, signal) => {
    console.log(prefix(`terminato (${signal ?? code})`));
    stopAll(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const args = process.argv.slice(2);
if (existsSync(path.join(root, 'sandbox', 'main.ts'))) {
  start('sandbox', bin('tsx'), ['sandbox/main.ts', ...args]);
}
const appPort = process.env.APP_PORT ?? '5173';
const sandboxPort = process.env.SANDBOX_PORT ?? '8787';
start('app', bin('vite'), ['--host', '127.0.0.1', '--port', appPort, '--strictPort']);
console.log(`App: http://127.0.0.1:${appPort}  ·  Sandbox: http://127.0.0.1:${sandboxPort} (riferimento API su /docs)`);
