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
  SchemaAdvertiserContact,
  SchemaAdvertiserImage,
  SchemaAdvertiserInput,
  SchemaAdvertiserSortField,
  SchemaBusinessArea,
  SchemaContactRole,
  SchemaUniqueField,
} from '@/api/generated/advertiser';
import { createAdvertiserBody } from '@/api/generated/advertiser.fields';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import { ADVERTISER_LIST_DEFAULTS } from '@/config/constants';
import { fromPage, inputOf, toDeleted, toMany, toOne } from './shared';

/*
 * Advertisers: the list is allPaginated/page/{p}/perPage/{n} with the optional name and business
 * area filters (by default page 0, 10 per page); uniqueness checks, logos and history as custom methods.
 */

/** The list request: page from 0, per page, the filters the service knows (`q` is the name search). */
/** The columns the service sorts an advertiser list by. */
export const ADVERTISER_SORT_FIELDS: readonly SchemaAdvertiserSortField[] = ['name', 'businessArea', 'vatNumber', 'email', 'city', 'createdAt'];

export function listAdvertisersRequest(params: Partial<Pick<GetListParams, 'pagination' | 'filter' | 'sort'>>) {
  const p = Math.max(0, (params.pagination?.page ?? ADVERTISER_LIST_DEFAULTS.page + 1) - 1);
  const n = params.pagination?.perPage ?? ADVERTISER_LIST_DEFAULTS.perPage;
  const filter = params.filter ?? {};
  const query: { name?: string; businessArea?: string; sort?: SchemaAdvertiserSortField; sortDir?: 'ASC' | 'DESC' } = {};
  const sort = ADVERTISER_SORT_FIELDS.find((f) => f === params.sort?.field);
  if (sort) {
    query.sort = sort;
    query.sortDir = params.sort?.order === 'DESC' ? 'DESC' : 'ASC';
  }
  const name = filter.name ?? filter.q;
  if (typeof name === 'string' && name.trim()) query.name = name.trim();
  if (typeof filter.businessArea === 'string' && filter.businessArea)
    query.businessArea = filter.businessArea;
  return { path: { p, n }, query };
}

/** The contact people with a name, trimmed; a contact's empty e-mail is left out. */
function contactsOf(value: unknown): SchemaAdvertiserContact[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null && Boolean(c.name))
    .map((c) => ({
      name: String(c.name).trim(),
      role: String(c.role ?? ''),
      ...(c.email ? { email: String(c.email).trim() } : {}),
    }));
}

/** The body of POST create / PUT update: the input's fields, trimmed, empty ones left out (the logo has its own calls). */
export const advertiserInputOf = inputOf<SchemaAdvertiserInput>(
  createAdvertiserBody,
  { name: 'form', vatNumber: 'form', email: 'form', businessArea: 'form', roles: contactsOf },
  { trim: true },
);

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
    return fromPage(await listAdvertisersPage(listAdvertisersRequest(params)));
  },
  async getOne(_r, params) {
    return toOne(await getAdvertiser(params.id));
  },
  async getMany(_r, params) {
    // One request however many rows refer to advertisers (a list's ReferenceFields): the service
    // has no read by ids, so several ids are picked from getAll; a single id keeps getById.
    const wanted = [...new Set(params.ids.map(Number))];
    if (wanted.length <= 1) return toMany(await Promise.all(wanted.map(getAdvertiser)));
    const byId = new Map((await listAllAdvertisers()).map((a) => [a.id, a]));
    return toMany(wanted.flatMap((id) => byId.get(id) ?? []));
  },
  async getManyReference() {
    throw new Error('Il servizio inserzionisti non offre elenchi collegati');
  },
  async create(_r, params) {
    return toOne(await createAdvertiser(advertiserInputOf(params.data)));
  },
  async update(_r, params) {
    const lockVersion = (params.data as { lockVersion?: number }).lockVersion;
    return toOne(await updateAdvertiser({ ...advertiserInputOf(params.data), id: Number(params.id), ...(lockVersion === undefined ? {} : { lockVersion }) }));
  },
  async updateMany() {
    throw new Error('Modifica multipla degli inserzionisti non prevista');
  },
  async delete(_r, params) {
    await deleteAdvertiser(Number(params.id));
    return toDeleted(params.id, params.previousData);
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
