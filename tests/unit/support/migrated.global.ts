/* vitest globalSetup of the `sandbox-migrated` project: the migrated database its files start from
 * (support/dbSnapshots.ts), instead of initialising and migrating one each. */
import type { TestProject } from 'vitest/node';
import { migratedSnapshot } from './dbSnapshots';

export default async function setup(project: TestProject) {
  project.provide('migratedSnapshot', await migratedSnapshot());
}
