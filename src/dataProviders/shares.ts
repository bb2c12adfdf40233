import type { DataProvider } from 'react-admin';
import { shareApi } from '@/api/share';
import { ApiError, settleShare } from '@/api/http';
import type {
  SchemaResourceType,
  SchemaSendLinkInput,
  SchemaSendLinkResult,
  SchemaShare,
} from '@/api/generated/share';

/*
 * Shares of a resource (share service, spec §7): listed by resource, created, updated (expiry,
 * new token), deleted, and their link sent by mail. Spec §8 share handling: 401 signs out to /404,
 * 422 is the body (shown as the failure's message here), others reject with the body's message.
 */

async function settled<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await promise;
  const result = settleShare(response, response.ok ? data : error);
  if (response.status === 422) {
    const message = (result as { message?: string } | undefined)?.message ?? 'Richiesta non elaborabile';
    throw new ApiError(422, message, result);
  }
  return result as T;
}

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

export interface SharesDataProvider extends DataProvider {
  sendLink(id: number, input: SchemaSendLinkInput): Promise<SchemaSendLinkResult>;
}

export const sharesDataProvider: SharesDataProvider = {
  async getList(_r, params) {
    const items = await settled<SchemaShare[]>(
      shareApi().GET('/share/byResource', { params: { query: shareResourceOf(params.filter) } }),
    );
    return { data: items as never[], total: items.length };
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
    return { data: (await settled<SchemaShare>(shareApi().POST('/share/create', { body }))) as never };
  },
  async update(_r, params) {
    const data = params.data as Record<string, unknown>;
    const body: { expiresAt?: string | null; regenerateToken?: boolean } = {};
    if ('expiresAt' in data) body.expiresAt = data.expiresAt ? String(data.expiresAt) : null;
    if (data.regenerateToken) body.regenerateToken = true;
    return {
      data: (await settled<SchemaShare>(
        shareApi().POST('/share/update', { params: { query: { id: Number(params.id) } }, body }),
      )) as never,
    };
  },
  async updateMany() {
    throw new Error('Modifica multipla delle condivisioni non prevista');
  },
  async delete(_r, params) {
    return {
      data: (await settled<SchemaShare>(
        shareApi().DELETE('/share/delete', { params: { query: { id: Number(params.id) } } }),
      )) as never,
    };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids)
      await settled(shareApi().DELETE('/share/delete', { params: { query: { id: Number(id) } } }));
    return { data: params.ids };
  },
  sendLink: (id, input) =>
    settled(shareApi().POST('/share/sendLink', { params: { query: { id } }, body: input })),
};
