import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDb, type Db } from '../../../sandbox/db';

/** A fresh in-memory database in the state `migrate` then `seed(db, 'small')` leave (see smallSeed.global.ts). */
export async function openSmallSeed(): Promise<Db> {
  return openDb({ dataDir: 'memory', snapshot: new Blob([readFileSync(inject('smallSeedSnapshot'))]) });
}
