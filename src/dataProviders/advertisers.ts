import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import {
  checkAdvertiserUnicity,
  createAdvertiser,
  deleteAdvertiser,
  deleteAdvertiserLogo,
  getAdvertiser as getAdvertiserById,
  getAdvertiserLogo,
  listAdvertisersPage,
  listAllAdvertisers,
  listBusinessAreas,
  listContactRoles,
  updateAdvertiser,
  updateAdvertiserLogo,
  uploadAdvertiserLogo,
} from '@/api/advertiser';
import { advertiserHistory, advertiserUsersHistory } from '@/api/history';
import type { UploadProgress } from '@/api/http';
import type {
  SchemaAdvertiser,
  SchemaAdvertiserImage,
  SchemaAdvertiserInput,
  SchemaBusinessArea,
  SchemaContactRole,
  SchemaUniqueField,
} from '@/api/generated/advertiser';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import { ADVERTISER_LIST_DEFAULTS } from '@/config/constants';

/*
 * Advertisers: the list is allPaginated/page/{p}/perPage/{n} with the optional name and business
 * area filters (spec §7, §9 defaults); uniqueness checks, logos and history as custom methods.
 */

/** The list request: page from 0, per page, the filters the service knows (`q` is the name search). */
export function listAdvertisersRequest(params: Partial<Pick<GetListParams, 'pagination' | 'filter'>>) {
  const p = Math.max(0, (params.pagination?.page ?? ADVERTISER_LIST_DEFAULTS.page + 1) - 1);
  const n = params.pagination?.perPage ?? ADVERTISER_LIST_DEFAULTS.perPage;
  const filter = params.filter ?? {};
  const query: { name?: string; businessArea?: string } = {};
  const name = filter.name ?? filter.q;
  if (typeof name === 'string' && name.trim()) query.name = name.trim();
  if (typeof filter.businessArea === 'string' && filter.businessArea)
    query.businessArea = filter.businessArea;
  return { path: { p, n }, query };
}

const INPUT_FIELDS = [
  'name',
  'vatNumber',
  'fiscalCode',
  'email',
  'phone',
  'address',
  'city',
  'businessArea',
  'roles',
] as const;

/** The body of POST create / PUT update: the input fields, empty ones left out (the logo has its own calls). */
export function advertiserInputOf(data: Record<string, unknown>): SchemaAdvertiserInput {
  const out: Record<string, unknown> = {};
  for (const k of INPUT_FIELDS) {
    const v = data[k];
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  if (Array.isArray(out.roles)) {
    out.roles = (out.roles as Array<Record<string, unknown>>)
      .filter((c) => c && c.name)
      .map((c) => ({
        name: String(c.name).trim(),
        role: String(c.role ?? ''),
        ...(c.email ? { email: String(c.email).trim() } : {}),
      }));
  }
  return out as unknown as SchemaAdvertiserInput;
}

const getAdvertiser = (id: Identifier): Promise<SchemaAdvertiser> => getAdvertiserById(Number(id));

/**
 * The advertiser screens' custom methods, reached with `useDataProvider<AppDataProvider>()` (the
 * composite provider routes them by the resource given first).
 */
export interface AdvertisersMethods {
  /** true when no advertiser has `value` in `field` yet. */
  checkAdvertiserUnicity(resource: 'advertisers', params: { field: SchemaUniqueField; value: string }): Promise<boolean>;
  advertiserBusinessAreas(resource: 'advertisers'): Promise<SchemaBusinessArea[]>;
  advertiserContactRoles(resource: 'advertisers'): Promise<SchemaContactRole[]>;
  /** The advertiser's own history and its contact people's. */
  advertiserHistory(resource: 'advertisers', params: { id: number }): Promise<{ own: SchemaHistoryEntry[]; users: SchemaHistoryEntry[] }>;
  advertiserLogo(resource: 'advertisers', params: { logoId: number }): Promise<Blob>;
  /** Uploads the first logo, or replaces the one there is. */
  saveAdvertiserLogo(
    resource: 'advertisers',
    params: { id: number; file: File; replace: boolean; onProgress?: UploadProgress },
  ): Promise<SchemaAdvertiserImage>;
  deleteAdvertiserLogo(resource: 'advertisers', params: { logoId: number }): Promise<void>;
}

export const advertisersDataProvider: DataProvider & AdvertisersMethods = {
  async getList(_r, params) {
    const page = await listAdvertisersPage(listAdvertisersRequest(params));
    return { data: page.content as never[], total: page.totalElements };
  },
  async getOne(_r, params) {
    return { data: (await getAdvertiser(params.id)) as never };
  },
  async getMany(_r, params) {
    // One request however many rows refer to advertisers (a list's ReferenceFields): the service
    // has no read by ids, so several ids are picked from getAll; a single id keeps getById.
    const wanted = [...new Set(params.ids.map(Number))];
    if (wanted.length <= 1) return { data: (await Promise.all(wanted.map(getAdvertiser))) as never[] };
    const byId = new Map((await listAllAdvertisers()).map((a) => [a.id, a]));
    return { data: wanted.flatMap((id) => byId.get(id) ?? []) as never[] };
  },
  async getManyReference() {
    throw new Error('Il servizio inserzionisti non offre elenchi collegati');
  },
  async create(_r, params) {
    const body = advertiserInputOf(params.data as Record<string, unknown>);
    return { data: (await createAdvertiser(body)) as never };
  },
  async update(_r, params) {
    const body = { ...advertiserInputOf(params.data as Record<string, unknown>), id: Number(params.id) };
    return { data: (await updateAdvertiser(body)) as never };
  },
  async updateMany() {
    throw new Error('Modifica multipla degli inserzionisti non prevista');
  },
  async delete(_r, params) {
    await deleteAdvertiser(Number(params.id));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids) await deleteAdvertiser(Number(id));
    return { data: params.ids };
  },
  checkAdvertiserUnicity: (_r, { field, value }) => checkAdvertiserUnicity(field, value),
  advertiserBusinessAreas: () => listBusinessAreas(),
  advertiserContactRoles: () => listContactRoles(),
  advertiserHistory: async (_r, { id }) => {
    const [own, users] = await Promise.all([advertiserHistory(id), advertiserUsersHistory(id)]);
    return { own, users };
  },
  advertiserLogo: (_r, { logoId }) => getAdvertiserLogo(logoId),
  saveAdvertiserLogo: (_r, { id, file, replace, onProgress }) =>
    replace ? updateAdvertiserLogo(id, file) : uploadAdvertiserLogo(id, file, onProgress),
  deleteAdvertiserLogo: (_r, { logoId }) => deleteAdvertiserLogo(logoId),
};
