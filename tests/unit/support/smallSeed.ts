import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDb, type Db } from '../../../sandbox/db';
import type {} from './dbSnapshots';

const fromSnapshot = (file: string): Promise<Db> => openDb({ dataDir: 'memory', snapshot: new Blob([readFileSync(file)]) });

/** A fresh in-memory database in the state `migrate` then `seed(db, 'small')` leave (see smallSeed.global.ts). */
export function openSmallSeed(): Promise<Db> {
  return fromSnapshot(inject('smallSeedSnapshot'));
}

/**
 * A fresh in-memory database in the state `migrate` leaves on an empty one (see migrated.global.ts):
 * what `openDb({ dataDir: 'memory' })` then `migrate(db)` give, without paying for either.
 */
export function openMigrated(): Promise<Db> {
  return fromSnapshot(inject('migratedSnapshot'));
}
