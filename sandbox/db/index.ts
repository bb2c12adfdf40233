import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { clusterKey, fromPrepared, preparedDir } from './prepared';

/** The one database interface every handler uses: PGlite embedded, or a PostgreSQL server. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs `fn` in one transaction: it lands whole or not at all. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function fromPglite(pg: PGlite): Db {
  const wrap =
    (q: { query: PGlite['query'] }): Db['query'] =>
    async <T>(sql: string, params: unknown[] = []) => {
      const result = await q.query<T>(sql, params as never[]);
      return { rows: result.rows };
    };
  let queue: Promise<unknown> = Promise.resolve();
  const db: Db = {
    query: wrap(pg),
    // PGlite serialises transactions itself; chaining keeps the callers' order deterministic too.
    transaction: <T>(fn: (tx: Db) => Promise<T>) => {
      const run = queue.then(() =>
        pg.transaction(async (tx) => {
          const inner: Db = {
            query: wrap(tx as unknown as PGlite),
            transaction: (f) => f(inner),
            close: async () => {},
          };
          return fn(inner);
        }),
      );
      queue = run.catch(() => undefined);
      return run as Promise<T>;
    },
    close: () => pg.close(),
  };
  return db;
}

async function fromServer(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (a restart, a stop) is dropped by the pool and replaced on
  // the next query; unheard, its error would end the process.
  pool.on('error', (error) =>
    console.error(`Database: connessione inattiva chiusa dal server (${error.message})`),
  );
  const query = async <T>(sql: string, params: unknown[] = []) => {
    const result = await pool.query(sql, params);
    return { rows: result.rows as T[] };
  };
  return {
    query,
    transaction: async <T>(fn: (tx: Db) => Promise<T>) => {
      const client = await pool.connect();
      const inner: Db = {
        query: async <R>(sql: string, params: unknown[] = []) => ({
          rows: (await client.query(sql, params)).rows as R[],
        }),
        transaction: (f) => f(inner),
        close: async () => {},
      };
      try {
        await client.query('BEGIN');
        const result = await fn(inner);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export interface OpenDbOptions {
  /** Folder of the embedded database; `memory` for a throw-away one. */
  dataDir: string;
  databaseUrl?: string;
  /** With `memory`: start from this data folder (a `snapshotOf` tarball) instead of an empty one. */
  snapshot?: Blob;
  /** Where the prepared empty cluster is kept (default: `preparedDir()`). */
  preparedDir?: string;
}

/**
 * bytea travels as hex text. PGlite's own conversion goes through an array of one string per byte
 * (about 100 bytes of memory per byte of file: a 15 MB upload took 1.5 GB and 15 s, a 150 MB one
 * failed); Buffer's hex codec does it in one pass.
 */
const BYTEA_OID = 17;
const byteaTypes = {
  serializers: {
    [BYTEA_OID]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};

/**
 * A new (missing or empty) data folder starts as a copy of an empty cluster made once per version
 * of PGlite (db/prepared.ts), not by PGlite's initdb (about 4 s of CPU) at each new folder.
 */
async function newCluster(dataDir: string, cacheDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  await fromPrepared({
    dataDir,
    key: clusterKey(),
    cacheDir,
    prepare: async (dir) => {
      const pg = new PGlite(dir);
      await pg.waitReady;
      await pg.close();
    },
  });
}

export async function openDb({
  dataDir,
  databaseUrl,
  snapshot,
  preparedDir: cacheDir = preparedDir(),
}: OpenDbOptions): Promise<Db> {
  if (databaseUrl) return fromServer(databaseUrl);
  if (dataDir === 'memory') return fromPglite(new PGlite({ ...byteaTypes, loadDataDir: snapshot }));
  await newCluster(dataDir, cacheDir);
  mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, byteaTypes);
  await pg.waitReady;
  return fromPglite(pg);
}

/**
 * The data folder of a throw-away database after `prepare`, as a tarball `openDb` can start from:
 * tests that need the same migrated and seeded state pay for the seed once, not once per file.
 * `from`: start from that snapshot instead of an empty database.
 */
export async function snapshotOf(prepare: (db: Db) => Promise<void>, from?: Blob): Promise<Blob> {
  const pg = new PGlite({ ...byteaTypes, loadDataDir: from });
  try {
    await prepare(fromPglite(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
