import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { failureStatus, isNetworkFailure } from '@/api/failures';

/** How many times a failed read is tried again (only idempotent reads are retried). */
export const MAX_QUERY_RETRIES = 2;

/**
 * Whether a failed query (a read: react-admin's getList / getOne / getMany…, always a GET) is tried
 * again: only for a network failure or a 5xx, at most MAX_QUERY_RETRIES times. A 4xx is an answer
 * (retrying cannot change it), anything else is not a transport failure.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (isNetworkFailure(error)) return true;
  const status = failureStatus(error);
  return status !== undefined && status >= 500;
}

/**
 * The one QueryClient given to <Admin>: reads retried by shouldRetryQuery; mutations (create,
 * update, delete…, the POST / PUT / PATCH / DELETE calls) are never retried, so a save is sent once.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: shouldRetryQuery, ...config.defaultOptions?.queries },
      mutations: { ...config.defaultOptions?.mutations, retry: false },
    },
  });
}
