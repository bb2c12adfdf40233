/* vitest globalSetup of the `sandbox-seeded` project: the small seed, migrated and loaded once per
 * run, written as a data-folder tarball that each file of the project starts its own in-memory
 * database from (a file's writes stay in its own copy). Seeding costs about 10 s of CPU; loading
 * the tarball a fraction of it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { snapshotOf } from '../../../sandbox/db';
import { migrate } from '../../../sandbox/db/migrate';
import { seed } from '../../../sandbox/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the tarball of a database after `migrate` and `seed(db, 'small')`. */
    smallSeedSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'small-seed-'));
  const file = path.join(dir, 'small.tar');
  const snapshot = await snapshotOf(async (db) => {
    await migrate(db);
    await seed(db, 'small');
  });
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('smallSeedSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
