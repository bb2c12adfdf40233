/** Types of scripts/sandbox-data.mjs, for the TypeScript steps that start a sandbox. */
export function freshSandboxDir(prefix: string, seed?: 'small' | 'large'): string;
