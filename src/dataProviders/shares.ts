import type { DataProvider, GetOneResult, Identifier, RaRecord } from 'react-admin';
import {
  createShare,
  deleteShare,
  isShareRefusal,
  listSharesByResource,
  sendShareLink,
  updateShare,
  type ShareRefusal,
} from '@/api/share';
import { ApiError } from '@/api/http';
import { toList, toOne } from './shared';
import type {
  SchemaResourceType,
  SchemaShare,
  SchemaSendLinkInput,
  SchemaSendLinkResult,
} from '@/api/generated/share';

/*
 * Shares of a resource (share service): listed by resource, created, updated (expiry,
 * new token), deleted, and their link sent by mail. The share service's own handling: 401 signs out to /404,
 * 422 is the result (the writes and sendLink resolve with the body, marked `statusCode: 422`, for
 * the staff share panel to show), others reject with the body's message.
 */

export { isShareRefusal, type ShareRefusal };

export function shareResourceOf(filter: Record<string, unknown> = {}): {
  resourceId: number;
  resourceType: SchemaResourceType;
} {
  const resourceId = Number(filter.resourceId);
  const resourceType = filter.resourceType as SchemaResourceType;
  if (!resourceId || !resourceType)
    throw new Error('Le condivisioni si elencano per risorsa: servono resourceId e resourceType');
  return { resourceId, resourceType };
}

/**
 * A write's answer as react-admin carries it: the share, or the refusal that is the write's result
 * (the panel reads it with `isShareRefusal`) under the id asked; a refused create names no share (0).
 */
function toWritten<R extends RaRecord>(result: SchemaShare | ShareRefusal, id: Identifier = 0): GetOneResult<R> {
  return toOne<R>(isShareRefusal(result) ? { ...result, id } : result);
}

/** The share service's custom call, reached through `useDataProvider<AppDataProvider>()`. */
export interface SharesMethods {
  sendShareLink(
    resource: 'shares',
    params: { id: number; input: SchemaSendLinkInput },
  ): Promise<SchemaSendLinkResult | ShareRefusal>;
}

export const sharesDataProvider: DataProvider & SharesMethods = {
  async getList(_r, params) {
    const { resourceType, resourceId } = shareResourceOf(params.filter);
    const items = await listSharesByResource(resourceType, resourceId);
    // A list has no result to show: a refusal here is a failure of the list.
    if (isShareRefusal(items)) throw new ApiError(422, items.message, items);
    return toList({ data: items, total: items.length });
  },
  async getOne(r, params) {
    throw new Error(`Una condivisione si legge dall'elenco della sua risorsa (${r} ${String(params.id)})`);
  },
  async getMany() {
    return { data: [] };
  },
  async getManyReference() {
    throw new Error('Le condivisioni si elencano per risorsa');
  },
  async create(_r, params) {
    const data = params.data as Record<string, unknown>;
    const body = {
      ...shareResourceOf(data),
      ...(data.expiresAt ? { expiresAt: String(data.expiresAt) } : {}),
    };
    return toWritten(await createShare(body));
  },
  async update(_r, params) {
    const data = params.data as Record<string, unknown>;
    const body: { expiresAt?: string | null; regenerateToken?: boolean } = {};
    if ('expiresAt' in data) body.expiresAt = data.expiresAt ? String(data.expiresAt) : null;
    if (data.regenerateToken) body.regenerateToken = true;
    return toWritten(await updateShare(Number(params.id), body), params.id);
  },
  async updateMany() {
    throw new Error('Modifica multipla delle condivisioni non prevista');
  },
  async delete(_r, params) {
    return toWritten(await deleteShare(Number(params.id)), params.id);
  },
  async deleteMany(_r, params) {
    for (const id of params.ids)
      await deleteShare(Number(id));
    return { data: params.ids };
  },
  sendShareLink: (_r, { id, input }) => sendShareLink(id, input),
};
