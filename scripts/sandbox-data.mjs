// The data folder of a sandbox that a test step starts (the end-to-end stack, the contract suite,
// the robustness run). `npm test` migrates and seeds one folder once (sandbox/main.ts
// --prepare-only) and names it in SANDBOX_TEMPLATE_DIR (the large seed's in SANDBOX_LARGE_TEMPLATE_DIR): each step starts from a copy of it instead
// of migrating and seeding a folder of its own, about 10 s of CPU each. Without it (a step run on
// its own) the folder is empty and the sandbox fills it as `npm start` does.
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The variable naming the prepared folder of each seed. */
const TEMPLATE_VARIABLE = { small: 'SANDBOX_TEMPLATE_DIR', large: 'SANDBOX_LARGE_TEMPLATE_DIR' };

/**
 * A new folder under the system's temporary folder, named `prefix`…: a copy of the prepared
 * template of the seed the sandbox is started with (SANDBOX_TEMPLATE_DIR for the small seed,
 * SANDBOX_LARGE_TEMPLATE_DIR for the large one; embedded database only), else empty.
 *
 * @param {string} prefix
 * @param {'small' | 'large'} [seed]
 * @returns {string}
 */
export function freshSandboxDir(prefix, seed = 'small') {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_VARIABLE[seed]];
  if (template && !process.env.DATABASE_URL && existsSync(path.join(template, 'PG_VERSION'))) {
    cpSync(template, dir, { recursive: true });
  }
  return dir;
}
