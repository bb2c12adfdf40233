import type { Db } from '../db';
import { syncSequences } from '../db/sequences';
import { SERVICE_MODULES } from '../services';
import { rng } from './random';

export type SeedSize = 'small' | 'large';

export async function seededWith(db: Db): Promise<SeedSize | undefined> {
  const { rows } = await db.query<{ value: { size: SeedSize } }>("SELECT value FROM sandbox_meta WHERE key = 'seed'");
  return rows[0]?.value.size;
}

/** Loads every service's seed in one transaction: the database gets all of it or none. */
export async function seed(db: Db, size: SeedSize): Promise<void> {
  await db.transaction(async (tx) => {
    for (const mod of Object.values(SERVICE_MODULES)) {
      if (mod.seed) await mod.seed(tx, { size, rng: rng(20260301) });
    }
    for (const mod of Object.values(SERVICE_MODULES)) {
      if (mod.seedLate) await mod.seedLate(tx, { size, rng: rng(20260302) });
    }
    // The seed writes some ids itself (estimate lines): the sequences move past them.
    await syncSequences(tx);
    await tx.query(
      `INSERT INTO sandbox_meta (key, value) VALUES ('seed', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [JSON.stringify({ size, at: new Date().toISOString() })],
    );
  });
  // The planner's statistics of the loaded tables (PGlite runs no autovacuum): without them it
  // guesses a hundred rows where there are 20,000 and sorts a size-9999 search on disk.
  await db.query('ANALYZE');
}
