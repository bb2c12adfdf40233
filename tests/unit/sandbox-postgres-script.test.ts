// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findServerBin, freePort } from '../../scripts/postgres.mjs';

/* scripts/postgres.mjs, the throw-away PostgreSQL of the tests: which server binaries it picks. */

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function fakeRoot(versions: Record<string, string[]>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pg-bins-'));
  roots.push(root);
  for (const [version, files] of Object.entries(versions)) {
    mkdirSync(path.join(root, version, 'bin'), { recursive: true });
    for (const file of files) writeFileSync(path.join(root, version, 'bin', file), '');
  }
  return root;
}

describe('scripts/postgres.mjs', () => {
  it('picks the highest version that has both the server and initdb', () => {
    const root = fakeRoot({ '9.6': ['postgres', 'initdb'], '13': ['postgres', 'initdb'], '15': ['postgres', 'initdb'], '16': ['postgres'], notes: ['postgres', 'initdb'] });
    expect(findServerBin(root)).toBe(path.join(root, '15', 'bin'));
  });

  it('finds nothing in an empty or missing folder', () => {
    expect(findServerBin(fakeRoot({}))).toBeUndefined();
    expect(findServerBin(path.join(tmpdir(), 'no-such-postgres-root'))).toBeUndefined();
  });

  it('gives a free port of 127.0.0.1', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(1023);
  });
});
