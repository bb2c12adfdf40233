import type { Db } from '../../db';
import { seedExpiringPermits, seedLookups, seedSystems } from '../../seed/systems';
import { seededMunicipalities } from '../../shared/geo';
import type { SeedOptions } from '../../seed/options';

export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const places = await seededMunicipalities(db);
  if (!places.length) return;
  await seedLookups(db, places, rng);
  await seedSystems(db, places, size === 'large' ? 20_000 : 2_000, rng);
  await seedExpiringPermits(db);
}
