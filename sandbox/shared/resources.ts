import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
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

/* ---------- who may read a resource, and what a shared link of it opens ---------- */

/**
 * The operations through which a resource's own service shows it, as a shared link's page shows it
 * (the record and, for an estimate, its PDF). A staff role may share a resource, list its links or
 * read it through the share service only when its service lets that role call every one of them:
 * a share never opens more than the service would.
 */
export const RESOURCE_READS: Record<string, ReadonlyArray<readonly [service: string, operationId: string]>> = {
  estimate: [
    ['estimate', 'getEstimateById'],
    ['estimate', 'getEstimatePdf'],
  ],
  planning: [
    ['planner', 'getPlanningById'],
    ['planner', 'listPlanningItems'],
  ],
  campaign: [['campaign', 'getCampaignById']],
  order: [['order', 'getOrderById']],
  system: [
    ['systems', 'getSystemById'],
    ['systems', 'getSystemImage'],
  ],
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rolesByOperation = new Map<string, readonly string[] | null>();

/** The `x-roles` of an operation in its service's document (the list the sandbox enforces), null when it has none. */
export function rolesOf(service: string, operationId: string): readonly string[] | null {
  const key = `${service}.${operationId}`;
  if (!rolesByOperation.has(key)) {
    const doc = parseYaml(readFileSync(path.join(root, 'openapi', `${service}.yaml`), 'utf8')) as { paths?: Record<string, Record<string, unknown>> };
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item)) {
        const o = op as { operationId?: string; 'x-roles'?: string[] } | undefined;
        if (o && typeof o === 'object' && o.operationId) rolesByOperation.set(`${service}.${o.operationId}`, o['x-roles'] ?? null);
      }
    }
    if (!rolesByOperation.has(key)) throw new Error(`Operazione sconosciuta: ${key}`);
  }
  return rolesByOperation.get(key)!;
}

/**
 * Whether a staff role may read a resource of this type through its own service (ROLE_ADMIN passes
 * every check, as the sandbox's role check has it). A type no service reads is readable by nobody.
 */
export function mayRead(role: string, resourceType: string): boolean {
  if (role === 'ROLE_ADMIN') return true;
  const reads = RESOURCE_READS[resourceType];
  if (!reads) return false;
  return reads.every(([service, operationId]) => rolesOf(service, operationId)?.includes(role) ?? false);
}

/**
 * The systems a shared resource shows its visitor: a shared system itself, the systems booked by a
 * shared planning's items; none for the other types (estimates, campaigns and orders name no system).
 */
export async function systemIdsOf(db: Db, resource: { resourceType: string; resourceId: number }): Promise<number[]> {
  const id = Number(resource.resourceId);
  if (resource.resourceType === 'system') return [id];
  if (resource.resourceType === 'planning') {
    const { rows } = await db.query<{ system_id: string }>(
      `SELECT DISTINCT data->>'systemId' AS system_id FROM records WHERE collection = 'planningItems' AND data->>'planningId' = $1`,
      [String(id)],
    );
    return rows.map((r) => Number(r.system_id)).filter((n) => Number.isInteger(n));
  }
  return [];
}
