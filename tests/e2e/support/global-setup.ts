import type { TestProject } from 'vitest/node';
import { ensureChromium, startStack, type Stack } from './stack';

let stack: Stack | undefined;

export async function setup(project: TestProject) {
  ensureChromium();
  stack = await startStack();
  project.provide('appUrl', stack.appUrl);
  project.provide('sandboxUrl', stack.sandboxUrl);
}

export async function teardown() {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    sandboxUrl: string;
  }
}
