import type { Db } from '../db';
import { getRecord } from '../store';

/*
 * Reading the records a share or a history entry can point at, whichever service owns them. By
 * default the record store's collection of that name; a service that keeps its records elsewhere
 * registers a reader (returning the record, or null when there is no such id).
 */

export const RESOURCE_COLLECTIONS: Record<string, string> = {
  estimate: 'estimates',
  planning: 'plannings',
  campaign: 'campaigns',
  order: 'orders',
  system: 'systems',
  advertiser: 'advertisers',
};

export type ResourceReader = (db: Db, id: number) => Promise<Record<string, unknown> | null>;
const readers = new Map<string, ResourceReader>();

export function registerResourceReader(resourceType: string, reader: ResourceReader): void {
  readers.set(resourceType, reader);
}

export type ResourceLookup =
  | { status: 'found'; record: Record<string, unknown> }
  | { status: 'missing' }
  /** The service that owns this kind of record has no records in the sandbox yet: existence cannot be told. */
  | { status: 'unknown' };

export async function readResource(db: Db, resourceType: string, id: number): Promise<ResourceLookup> {
  const reader = readers.get(resourceType);
  if (reader) {
    const record = await reader(db, id);
    return record ? { status: 'found', record } : { status: 'missing' };
  }
  const collection = RESOURCE_COLLECTIONS[resourceType];
  if (!collection) return { status: 'unknown' };
  const record = await getRecord(db, collection, id);
  if (record) return { status: 'found', record };
  const { rows } = await db.query('SELECT 1 FROM records WHERE collection = $1 LIMIT 1', [collection]);
  return rows.length ? { status: 'missing' } : { status: 'unknown' };
}
