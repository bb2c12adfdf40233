import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPrepared, preparedKey } from '../../sandbox/db/prepared';

/* sandbox/db/prepared.ts: a new data folder is a copy of a folder prepared once per key. */

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'unit-prepared-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in for the migrations and the seed: a folder shaped as a database, counted. */
function counting() {
  const calls: string[] = [];
  const prepare = async (dir: string) => {
    calls.push(dir);
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
    writeFileSync(path.join(dir, 'base', '1', 'page'), `fatto ${calls.length}`);
  };
  return { calls, prepare };
}

describe('fromPrepared', () => {
  it('prepares once per key, then copies: each data folder its own copy', async () => {
    const cacheDir = path.join(work, 'cache');
    const { calls, prepare } = counting();
    const first = path.join(work, 'a');
    expect(await fromPrepared({ dataDir: first, key: 'small-k1', cacheDir, prepare })).toBe('made');
    const second = path.join(work, 'b');
    mkdirSync(second); // an empty folder, as a --reset or a test step leaves it
    expect(await fromPrepared({ dataDir: second, key: 'small-k1', cacheDir, prepare })).toBe('copied');
    expect(calls).toHaveLength(1);
    expect(readFileSync(path.join(second, 'base', '1', 'page'), 'utf8')).toBe('fatto 1');
    writeFileSync(path.join(first, 'base', '1', 'page'), 'scritto');
    expect(readFileSync(path.join(second, 'base', '1', 'page'), 'utf8')).toBe('fatto 1');
    expect(readFileSync(path.join(cacheDir, 'small-k1', 'base', '1', 'page'), 'utf8')).toBe('fatto 1');
  });

  it('prepares again for another key and drops the folders of the others', async () => {
    const cacheDir = path.join(work, 'cache');
    const { calls, prepare } = counting();
    await fromPrepared({ dataDir: path.join(work, 'a'), key: 'small-k1', cacheDir, prepare });
    expect(await fromPrepared({ dataDir: path.join(work, 'b'), key: 'small-k2', cacheDir, prepare })).toBe('made');
    expect(calls).toHaveLength(2);
    expect(readdirSync(cacheDir)).toEqual(['small-k2']);
  });

  it('keeps nothing of a preparation that fails, and fails', async () => {
    const cacheDir = path.join(work, 'cache');
    const prepare = async () => {
      throw new Error('seed rotto');
    };
    await expect(fromPrepared({ dataDir: path.join(work, 'a'), key: 'small-k1', cacheDir, prepare })).rejects.toThrow('seed rotto');
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(existsSync(path.join(work, 'a'))).toBe(false);
  });

  it('prepares again when the kept folder is not a database', async () => {
    const cacheDir = path.join(work, 'cache');
    mkdirSync(path.join(cacheDir, 'small-k1'), { recursive: true });
    const { calls, prepare } = counting();
    expect(await fromPrepared({ dataDir: path.join(work, 'a'), key: 'small-k1', cacheDir, prepare })).toBe('made');
    expect(calls).toHaveLength(1);
    expect(existsSync(path.join(work, 'a', 'PG_VERSION'))).toBe(true);
  });
});

describe('preparedKey', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const project = () => {
    mkdirSync(path.join(work, 'sandbox', 'db', 'migrations'), { recursive: true });
    writeFileSync(path.join(work, 'sandbox', 'db', 'migrations', '001.sql'), 'CREATE TABLE t (id int);');
    writeFileSync(path.join(work, 'package-lock.json'), '{}');
    return { root: work, sources: ['sandbox', 'package-lock.json', 'missing'], now };
  };

  it('names the size and the day, and stays the same while nothing changes', () => {
    const options = project();
    const key = preparedKey('small', options);
    expect(key).toMatch(/^small-2026-11-27-[0-9a-f]{16}$/);
    expect(preparedKey('small', options)).toBe(key);
  });

  it('changes with a migration, a new file, the packages or the day (the play logs end on the day of the seed)', () => {
    const options = project();
    const keys = new Set([preparedKey('small', options)]);
    writeFileSync(path.join(work, 'sandbox', 'db', 'migrations', '001.sql'), 'CREATE TABLE t (id bigint);');
    keys.add(preparedKey('small', options));
    writeFileSync(path.join(work, 'sandbox', 'db', 'migrations', '002.sql'), '');
    keys.add(preparedKey('small', options));
    writeFileSync(path.join(work, 'package-lock.json'), '{"v":2}');
    keys.add(preparedKey('small', options));
    keys.add(preparedKey('small', { ...options, now: new Date('2026-11-28T00:00:01Z') }));
    expect(keys.size).toBe(5);
  });
});
