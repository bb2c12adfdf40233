import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../sandbox/db';
import { clusterKey, fromPrepared, preparedKey } from '../../sandbox/db/prepared';

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
    expect(await fromPrepared({ dataDir: path.join(work, 'b'), key: 'small-k2', cacheDir, prepare })).toBe(
      'made',
    );
    expect(calls).toHaveLength(2);
    expect(readdirSync(cacheDir)).toEqual(['small-k2']);
  });

  it('drops only the folders of its own kind: the empty cluster outlives a new seed, and the other way round', async () => {
    const cacheDir = path.join(work, 'cache');
    const { prepare } = counting();
    await fromPrepared({ dataDir: path.join(work, 'a'), key: 'cluster-pglite-1.0.0', cacheDir, prepare });
    await fromPrepared({ dataDir: path.join(work, 'b'), key: 'small-k1', cacheDir, prepare });
    await fromPrepared({ dataDir: path.join(work, 'c'), key: 'small-k2', cacheDir, prepare });
    expect(readdirSync(cacheDir).sort()).toEqual(['cluster-pglite-1.0.0', 'small-k2']);
    await fromPrepared({ dataDir: path.join(work, 'd'), key: 'cluster-pglite-1.0.1', cacheDir, prepare });
    expect(readdirSync(cacheDir).sort()).toEqual(['cluster-pglite-1.0.1', 'small-k2']);
  });

  it('keeps nothing of a preparation that fails, and fails', async () => {
    const cacheDir = path.join(work, 'cache');
    const prepare = async () => {
      throw new Error('seed rotto');
    };
    await expect(
      fromPrepared({ dataDir: path.join(work, 'a'), key: 'small-k1', cacheDir, prepare }),
    ).rejects.toThrow('seed rotto');
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(existsSync(path.join(work, 'a'))).toBe(false);
  });

  it('prepares again when the kept folder is not a database', async () => {
    const cacheDir = path.join(work, 'cache');
    mkdirSync(path.join(cacheDir, 'small-k1'), { recursive: true });
    const { calls, prepare } = counting();
    expect(await fromPrepared({ dataDir: path.join(work, 'a'), key: 'small-k1', cacheDir, prepare })).toBe(
      'made',
    );
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

describe('clusterKey', () => {
  const pglite = (version: string) => {
    const dir = path.join(work, 'node_modules', '@electric-sql', 'pglite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@electric-sql/pglite', version }));
  };

  it('names the installed PGlite only: not the day, not the code', () => {
    pglite('0.5.16');
    expect(clusterKey({ root: work })).toBe('cluster-pglite-0.5.16');
    writeFileSync(path.join(work, 'package-lock.json'), '{"v":3}');
    expect(clusterKey({ root: work })).toBe('cluster-pglite-0.5.16');
    pglite('0.6.0');
    expect(clusterKey({ root: work })).toBe('cluster-pglite-0.6.0');
  });

  it("is this project's installed PGlite", () => {
    const { version } = JSON.parse(
      readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
    ) as { version: string };
    expect(clusterKey()).toBe(`cluster-pglite-${version}`);
  });
});

describe('openDb of a new data folder', () => {
  it('copies the empty cluster made once (no initdb again), each folder a database of its own', async () => {
    const cacheDir = path.join(work, 'cache');
    // Two at once on nothing prepared: both open, one cluster is kept, no half-made folder is left.
    const [a, b] = await Promise.all(
      ['a', 'b'].map((name) => openDb({ dataDir: path.join(work, name), preparedDir: cacheDir })),
    );
    await a.query('CREATE TABLE only_in_a (id int)');
    expect(
      (await b.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_class WHERE relname = 'only_in_a'"))
        .rows[0].n,
    ).toBe(0);
    await Promise.all([a.close(), b.close()]);
    expect(readdirSync(cacheDir)).toEqual([clusterKey()]);
    const kept = path.join(cacheDir, clusterKey());
    expect(existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);

    // A later new folder (an empty one, as --reset leaves it) is that folder's copy: the mark
    // written into the kept cluster comes along, which initdb would not make.
    writeFileSync(path.join(kept, 'copied-from-the-cluster'), '');
    const c = path.join(work, 'c');
    mkdirSync(c);
    const db = await openDb({ dataDir: c, preparedDir: cacheDir });
    try {
      expect(existsSync(path.join(c, 'copied-from-the-cluster'))).toBe(true);
      await db.query('CREATE TABLE t (id int PRIMARY KEY)');
      await db.query('INSERT INTO t VALUES (1), (2)');
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(2);
    } finally {
      await db.close();
    }

    // A folder that holds a database is opened as it is, not replaced.
    const again = await openDb({ dataDir: path.join(work, 'a'), preparedDir: cacheDir });
    try {
      expect(
        (
          await again.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_class WHERE relname = 'only_in_a'",
          )
        ).rows[0].n,
      ).toBe(1);
      expect(existsSync(path.join(work, 'a', 'copied-from-the-cluster'))).toBe(false);
    } finally {
      await again.close();
    }
  });
});
