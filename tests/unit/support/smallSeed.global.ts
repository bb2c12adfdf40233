/* vitest globalSetup of the `sandbox-seeded` project: the small seed, migrated and loaded once per
 * run (seeding costs about 10 s of CPU; loading the tarball a fraction of it), and the migrated
 * database before any seed (support/dbSnapshots.ts). */
import type { TestProject } from 'vitest/node';
import { migratedSnapshot, smallSeedSnapshot } from './dbSnapshots';

export default async function setup(project: TestProject) {
  const [migrated, small] = await Promise.all([migratedSnapshot(), smallSeedSnapshot()]);
  project.provide('migratedSnapshot', migrated);
  project.provide('smallSeedSnapshot', small);
}
