import type {
  paths,
  SchemaAcceptanceInput,
  SchemaChangeRequestInput,
  SchemaClientAnswer,
  SchemaGuestToken,
  SchemaResourceType,
  SchemaSendLinkInput,
  SchemaSendLinkResult,
  SchemaShare,
  SchemaShareInput,
  SchemaShareUpdate,
  SchemaSharedResource,
} from './generated/share';
import { lazyClient, settleShare } from './http';

/** The share service: a typed openapi-fetch client. */
export const shareApi = lazyClient<paths>('share');
/** Token authentication of a shared resource: the public calls send no auth header. */
export const sharePublicApi = lazyClient<paths>('share', { public: true });

/** A 422 of the share service, taken as the call's result: the body, marked. */
export type ShareRefusal = {
  message: string;
  status?: number;
  statusCode: 422;
  /** The fields at fault, when the refusal names them (`/body/expiresAt` for an expiry in the past). */
  errors?: { path?: string; message: string }[];
};

export function isShareRefusal(value: unknown): value is ShareRefusal {
  return Boolean(value && typeof value === 'object' && 'statusCode' in value && value.statusCode === 422);
}

/** The share service's own handling on a typed call: 401 → sign out to /404; 422 → the body as result; others reject. */
async function settled<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T | ShareRefusal> {
  const { data, error, response } = await promise;
  const result = settleShare(response, response.ok ? data : error);
  if (response.status === 422) return { ...(result as { message: string }), statusCode: 422 };
  return result as T;
}

/** POST /token/auth (no auth header): the guest token, or the 422 body (an expired link). */
export function authenticateShareToken(resourceType: SchemaResourceType, resourceId: number, token: string) {
  return settled<SchemaGuestToken>(sharePublicApi().POST('/token/auth', { params: { query: { resourceType, resourceId, token } } }));
}

/** GET /token/resource with the guest token. */
export function getSharedResource(resourceType: SchemaResourceType, resourceId: number) {
  return settled<SchemaSharedResource>(shareApi().GET('/token/resource', { params: { query: { resourceType, resourceId } } }));
}

/** POST /token/accept with the guest token: the client accepts the shared offer (422 past its validity: the body). */
export function acceptSharedEstimate(resourceId: number, body: SchemaAcceptanceInput) {
  return settled<SchemaClientAnswer>(shareApi().POST('/token/accept', { params: { query: { resourceType: 'estimate', resourceId } }, body }));
}

/** POST /token/requestChanges with the guest token: the client asks for changes, with a note. */
export function requestSharedEstimateChanges(resourceId: number, body: SchemaChangeRequestInput) {
  return settled<SchemaClientAnswer>(shareApi().POST('/token/requestChanges', { params: { query: { resourceType: 'estimate', resourceId } }, body }));
}

/** GET /share/byResource: the links of a resource, newest first. */
export function listSharesByResource(resourceType: SchemaResourceType, resourceId: number) {
  return settled<SchemaShare[]>(shareApi().GET('/share/byResource', { params: { query: { resourceType, resourceId } } }));
}

/** POST /share/create: a new link of a resource. */
export function createShare(body: SchemaShareInput) {
  return settled<SchemaShare>(shareApi().POST('/share/create', { body }));
}

/** POST /share/update: a new expiry and/or a new token. */
export function updateShare(id: number, body: SchemaShareUpdate) {
  return settled<SchemaShare>(shareApi().POST('/share/update', { params: { query: { id } }, body }));
}

/** DELETE /share/delete: revokes a link. */
export function deleteShare(id: number) {
  return settled<SchemaShare>(shareApi().DELETE('/share/delete', { params: { query: { id } } }));
}

/** POST /share/sendLink: mails the link. */
export function sendShareLink(id: number, input: SchemaSendLinkInput) {
  return settled<SchemaSendLinkResult>(shareApi().POST('/share/sendLink', { params: { query: { id } }, body: input }));
}
