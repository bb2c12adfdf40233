import { failureMessage } from '@/api/failures';

/*
 * The answer of a bulk job on many records when the service takes them one at a time: what
 * changed and what the service refused, each refusal with its Italian reason. A refusal never
 * stops the job.
 */

export interface BulkRefusal {
  id: number;
  /** The record's code when the job knows it (the screen names the others through getMany). */
  code?: string;
  message: string;
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
