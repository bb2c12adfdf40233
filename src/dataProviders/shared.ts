import type { DataProvider, GetListParams } from 'react-admin';
import { failureMessage } from '@/api/failures';

/*
 * Mapping helpers that more than one domain provider uses. Domain providers never import each
 * other (docs/ARCHITECTURE.md, "Who may import whom"): what they share lives here.
 */

/**
 * One page of a list that a service answers whole (paging, sorting and the text search applied
 * here, on the answer): `q` matches any text field (or only the `searchIn` fields, when a record
 * carries text a person does not read as its content, such as a composite id); other filters
 * match exactly.
 */
export function localList<T extends object>(
  items: T[],
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
  { searchIn }: { searchIn?: readonly (keyof T & string)[] } = {},
) {
  const filter = params.filter ?? {};
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  const matching = items.filter((item) => {
    const record = item as unknown as Record<string, unknown>;
    const texts = searchIn ? searchIn.map((k) => record[k]) : Object.values(record);
    if (q && !texts.some((v) => typeof v === 'string' && v.toLowerCase().includes(q))) return false;
    return Object.entries(filter).every(
      ([k, v]) => k === 'q' || v === undefined || v === '' || v === null || String(record[k]) === String(v),
    );
  });
  const field = params.sort?.field;
  const sign = params.sort?.order === 'DESC' ? -1 : 1;
  const sorted = field
    ? [...matching].sort((a, b) => {
        const x = (a as unknown as Record<string, unknown>)[field];
        const y = (b as unknown as Record<string, unknown>)[field];
        if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
        return sign * String(x ?? '').localeCompare(String(y ?? ''), 'it');
      })
    : matching;
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? sorted.length;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

/** Optional fields left empty in a form are not sent (the documents want them absent, not null). */
export function withoutEmpty<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as T;
}

/** Wraps a simple-rest provider so that create and update drop empty optional fields first. */
export function droppingEmpty(provider: DataProvider): DataProvider {
  return {
    ...provider,
    create: (resource, params) =>
      provider.create(resource, { ...params, data: withoutEmpty(params.data as Record<string, unknown>) }),
    update: (resource, params) =>
      provider.update(resource, { ...params, data: withoutEmpty(params.data as Record<string, unknown>) }),
  };
}

/*
 * The answer of a bulk job on many records when the service takes them one at a time: what
 * changed and what the service refused, each refusal with its Italian reason. A refusal never
 * stops the job.
 */

/** The booking that stands in the way of a system's booking (named by its planning). */
export interface BulkConflict {
  planningId: number;
  planningName: string;
  periodStart: string;
  periodEnd: string;
}

export interface BulkRefusal {
  id: number;
  /** The record's code when the job knows it (the screen names the others through getMany). */
  code?: string;
  message: string;
  /** A booking refused by the availability rule: the booking already there. */
  conflict?: BulkConflict;
}

export interface BulkResult {
  changed: number[];
  refused: BulkRefusal[];
  /** Already as asked (e.g. already a member): nothing sent. */
  unchanged: number[];
}

export type BulkProgress = (done: number, total: number) => void;

/** Requests in flight at once: quicker than one by one, gentle on a service built for single writes. */
export const BULK_CONCURRENCY = 4;

/**
 * `work` for each item, at most `concurrency` at a time, in the items' order of start; a rejection
 * becomes a refusal with `failureMessage` (the service's message, or the app's Italian one for a
 * network or server failure).
 */
export async function runBulk<T>(
  items: T[],
  work: (item: T) => Promise<unknown>,
  identify: (item: T) => { id: number; code?: string },
  onProgress?: BulkProgress,
  concurrency = BULK_CONCURRENCY,
): Promise<Pick<BulkResult, 'changed' | 'refused'>> {
  const changed: number[] = [];
  const refused: BulkRefusal[] = [];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      const { id, code } = identify(item);
      try {
        await work(item);
        changed.push(id);
      } catch (error) {
        refused.push({ id, ...(code ? { code } : {}), message: failureMessage(error) });
      }
      done += 1;
      onProgress?.(done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return { changed, refused };
}
