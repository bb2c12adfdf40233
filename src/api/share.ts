import type { paths, SchemaGuestToken, SchemaResourceType, SchemaSharedResource } from './generated/share';
import { lazyClient, settleShare } from './http';

/** The share service (spec §7): a typed openapi-fetch client. */
export const shareApi = lazyClient<paths>('share');
/** Token authentication of a shared resource (spec §7: no auth header). */
export const sharePublicApi = lazyClient<paths>('share', { public: true });

/** Spec §8 share handling on a typed call: 401 → sign out to /404; 422 → the body as result; others reject. */
async function settled<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T | { message: string; status?: number }> {
  const { data, error, response } = await promise;
  return settleShare(response, response.ok ? data : error) as T | { message: string };
}

/** POST /token/auth (no auth header): the guest token, or the 422 body (an expired link). */
export function authenticateShareToken(resourceType: SchemaResourceType, resourceId: number, token: string) {
  return settled<SchemaGuestToken>(sharePublicApi().POST('/token/auth', { params: { query: { resourceType, resourceId, token } } }));
}

/** GET /token/resource with the guest token. */
export function getSharedResource(resourceType: SchemaResourceType, resourceId: number) {
  return settled<SchemaSharedResource>(shareApi().GET('/token/resource', { params: { query: { resourceType, resourceId } } }));
}
