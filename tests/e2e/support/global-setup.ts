import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium, startStack, type Stack } from './stack';

let stack: Stack | undefined;
let sessionDir: string | undefined;

export async function setup(project: TestProject) {
  ensureChromium();
  // E2E_SEED=large: the files of tests/e2e/large, on a sandbox of the large seed (scripts/e2e.mjs --seed large).
  stack = await startStack({ seed: process.env.E2E_SEED === 'large' ? 'large' : 'small' });
  project.provide('appUrl', stack.appUrl);
  project.provide('sandboxUrl', stack.sandboxUrl);
  // The signed-in browser states of this run (support/session.ts): they hold live tokens, so they
  // live outside the tree and go with the stack.
  sessionDir = mkdtempSync(path.join(tmpdir(), 'e2e-sessions-'));
  project.provide('sessionDir', sessionDir);
}

export async function teardown() {
  await stack?.stop();
  if (sessionDir) rmSync(sessionDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    sandboxUrl: string;
    sessionDir: string;
  }
}
