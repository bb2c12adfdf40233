import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshSandboxDir } from '../../scripts/sandbox-data.mjs';

/* scripts/sandbox-data.mjs: the data folder a test step's sandbox starts from. */

let template: string;
const made: string[] = [];
const fresh = (seed?: 'small' | 'large') => {
  const dir = seed ? freshSandboxDir('unit-sandbox-data-', seed) : freshSandboxDir('unit-sandbox-data-');
  made.push(dir);
  return dir;
};

beforeEach(() => {
  template = mkdtempSync(path.join(tmpdir(), 'unit-template-'));
  writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
  mkdirSync(path.join(template, 'base', '1'), { recursive: true });
  writeFileSync(path.join(template, 'base', '1', 'page'), 'dati');
  vi.stubEnv('DATABASE_URL', undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of [template, ...made.splice(0)]) rmSync(dir, { recursive: true, force: true });
});

describe('freshSandboxDir', () => {
  it('copies the prepared template, sub-folders included, into a new folder of its own', () => {
    vi.stubEnv('SANDBOX_TEMPLATE_DIR', template);
    const dir = fresh();
    expect(dir).not.toBe(template);
    expect(path.basename(dir)).toMatch(/^unit-sandbox-data-/);
    expect(readFileSync(path.join(dir, 'base', '1', 'page'), 'utf8')).toBe('dati');
    // A write to the copy stays the copy's.
    writeFileSync(path.join(dir, 'base', '1', 'page'), 'altro');
    expect(readFileSync(path.join(template, 'base', '1', 'page'), 'utf8')).toBe('dati');
  });

  it('gives an empty folder without a template, for a step run on its own', () => {
    vi.stubEnv('SANDBOX_TEMPLATE_DIR', undefined);
    expect(readdirSync(fresh())).toEqual([]);
  });

  it('copies the large seed\'s own template for a large-seed sandbox, and never gives it to a small-seed one', () => {
    vi.stubEnv('SANDBOX_TEMPLATE_DIR', undefined);
    vi.stubEnv('SANDBOX_LARGE_TEMPLATE_DIR', template);
    expect(readFileSync(path.join(fresh('large'), 'base', '1', 'page'), 'utf8')).toBe('dati');
    expect(readdirSync(fresh('small'))).toEqual([]);
    expect(readdirSync(fresh())).toEqual([]);
  });

  it('gives an empty folder when the template is not a database folder, or for another seed, or a PostgreSQL server', () => {
    vi.stubEnv('SANDBOX_TEMPLATE_DIR', path.join(template, 'base'));
    expect(readdirSync(fresh())).toEqual([]);
    vi.stubEnv('SANDBOX_TEMPLATE_DIR', template);
    expect(readdirSync(fresh('large'))).toEqual([]);
    vi.stubEnv('DATABASE_URL', 'postgres://127.0.0.1/sandbox');
    expect(readdirSync(fresh('small'))).toEqual([]);
    expect(existsSync(template)).toBe(true);
  });
});
