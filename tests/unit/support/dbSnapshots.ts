/* The database snapshots the sandbox unit files start from, made in vitest's main process by the
 * projects' globalSetups (migrated.global.ts, smallSeed.global.ts), each at most once per run even
 * when both projects run: a fresh PGlite database costs about 2 s of CPU to initialise, one loaded
 * from a tarball a fraction of it. Each file loads its own copy, so its writes stay its own. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { snapshotOf, type Db } from '../../../sandbox/db';
import { migrate } from '../../../sandbox/db/migrate';
import { seed } from '../../../sandbox/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the tarball of a database after `migrate`. */
    migratedSnapshot: string;
    /** Path of the tarball of a database after `migrate` and `seed(db, 'small')`. */
    smallSeedSnapshot: string;
  }
}

type Made = Map<string, Promise<string>>;
const shared = globalThis as typeof globalThis & { __unitDbSnapshots?: { dir: string; made: Made } };

/**
 * The tarball of `prepare`'s database (started from the tarball `from` names, if any), written once
 * per process under a folder removed at exit.
 */
function once(name: string, prepare: (db: Db) => Promise<void>, from?: () => Promise<string>): Promise<string> {
  if (!shared.__unitDbSnapshots) {
    const dir = mkdtempSync(path.join(tmpdir(), 'unit-db-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    shared.__unitDbSnapshots = { dir, made: new Map() };
  }
  const { dir, made } = shared.__unitDbSnapshots;
  let file = made.get(name);
  if (!file) {
    const start = from ? from().then((f) => new Blob([readFileSync(f)])) : Promise.resolve(undefined);
    file = start.then((blob) => snapshotOf(prepare, blob)).then(async (snapshot) => {
      const target = path.join(dir, `${name}.tar`);
      writeFileSync(target, Buffer.from(await snapshot.arrayBuffer()));
      return target;
    });
    made.set(name, file);
  }
  return file;
}

export const migratedSnapshot = () => once('migrated', async (db) => void (await migrate(db)));

/** The small seed loaded on the migrated database (one migration run for both). */
export const smallSeedSnapshot = () => once('small', (db) => seed(db, 'small'), migratedSnapshot);
