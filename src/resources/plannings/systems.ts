import { callOrThrow } from '@/api/http';
import { systemsApi } from '@/api/systems';
import type { SchemaSystem, SchemaSystemSearchFilter } from '@/api/generated/systems';

export type System = SchemaSystem;

/** The systems of some ids (systems service POST /system/getAllByIds), unknown ids left out. */
export async function systemsByIds(ids: number[]): Promise<SchemaSystem[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  return callOrThrow(systemsApi().POST('/system/getAllByIds', { body: unique }));
}

/** The systems filters (POST /system/search/params), one page. */
export async function searchSystems(filter: SchemaSystemSearchFilter, page = 0, size = 200) {
  return callOrThrow(systemsApi().POST('/system/search/params', { params: { query: { page, size, type: filter.type ?? 'ALL' } }, body: filter }));
}
