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
 * update, delete…, the POST / PUT / PATCH / DELETE calls) are never retried, so a save is sent once;
 * the session's reads made once (SESSION_READS), the check already answered when `signedIn`.
 */
export function createQueryClient(config: QueryClientConfig = {}, { signedIn = false } = {}): QueryClient {
  const client = new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: shouldRetryQuery, ...config.defaultOptions?.queries },
      mutations: { ...config.defaultOptions?.mutations, retry: false },
    },
  });
  client.setQueryDefaults(SESSION_READS, { staleTime: Infinity });
  // The route guard has checked the session before any screen renders; react-admin's own check of
  // it, made as the first screen mounts, rendered the whole layout again as it answered.
  if (signedIn) client.setQueryData(SESSION_CHECK, true);
  return client;
}

/**
 * react-admin's reads of the session (useAuthState, usePermissions, useGetIdentity, useCanAccess:
 * keys ['auth', …]), answered from the session kept in the browser (src/auth/session.ts), are read
 * once per session: react-admin asked again as each screen mounted, and each read told every
 * observer (the admin's routes among them, which render the whole layout) that it started and
 * ended, so a move rendered the app bar and the screen twice more before its rows. Signing out
 * clears the cache (react-admin's logout), and the route guard checks the session on every route.
 */
export const SESSION_READS = ['auth'];
/** react-admin's session check (useAuthState with no parameters: the admin's routes, every screen's controller). */
export const SESSION_CHECK = ['auth', 'checkAuth', {}];
