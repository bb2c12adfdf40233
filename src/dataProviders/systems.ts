import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import {
  type Municipality,
  type Province,
  type Region,
  listMunicipalitiesByProvince,
  listProvincesByRegion,
  listRegions,
  listZipCodes,
} from '@/api/geo';
import { listSystemHistory } from '@/api/history';
import {
  type Bounds,
  type ImportReport,
  type Progress,
  type SuggestionField,
  type SystemImage,
  type SystemKind,
  type SystemMarker,
  type SystemSuggestionPage,
  createSystem,
  deleteSystem,
  deleteSystemImage,
  downloadImportTemplate,
  geocodeLocations,
  getPreviewId,
  getSystem,
  getSystemImage,
  getSystemsByIds,
  importSystems,
  listAreas,
  listAuthorizations,
  listLeases,
  listMediaOwners,
  listMunicipalities,
  listSizes,
  listSystemsInArea,
  listSystemsPage,
  searchSystems,
  setSystemStatusByFilter,
  suggestSystems,
  updateSystem,
  uploadSystemImage,
  type System,
  type SystemInput,
  type SystemKindFilter,
  type SystemSearchFilter,
  type SystemSortField,
  type SystemStatus,
} from '@/api/systems';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import { createSystemBody, searchSystemsBody } from '@/api/generated/systems.fields';
import { SYSTEM_PAGE_SIZE } from '@/config/constants';
import { searchPageLimit } from '@/config/environment';
import { translateMessage } from '@/i18n/lookup';
import { fromPage, inputOf, runBulk, toList, toMany, toOne, type BulkProgress, type BulkResult } from './shared';

/*
 * react-admin's contract for the `systems` resource over the systems service's irregular
 * endpoints (a page of 10 systems; the filtered search reads page 0, size 9999):
 *  - getList, no filter but type / searchTerm → GET /system/all/page/{p}/perPage/{n}?type&searchTerm
 *  - getList with any other filter          → POST /system/search/params?page&size&type&sort&sortDir (paged, ≤ 9,999 a request)
 *  - getList with `q` (search suggestions)   → GET /system/suggestion (page 0, size 20, relevance DESC, type ALL)
 *  - getMany → one POST /system/getAllByIds
 * Everything else is a typed custom method (`systemsDataProvider.uploadImage(...)` etc.).
 */

export const SORT_FIELDS: SystemSortField[] = [
  'id',
  'code',
  'name',
  'type',
  'systemType',
  'status',
  'address',
  'municipality',
  'province',
  'region',
  'createdAt',
  'updatedAt',
];

/** The list filters that go to POST /system/search/params (array filters are ORed inside). */
export const SEARCH_FILTER_KEYS = Object.keys(searchSystemsBody.fields).filter((key) => key !== 'type' && key !== 'searchTerm');

type Filter = Record<string, unknown>;

const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const asArray = (v: unknown) => (Array.isArray(v) ? v : [v]);

export function kindOf(filter: Filter): SystemKindFilter {
  return filter.type === 'OOH' || filter.type === 'DOOH' ? filter.type : 'ALL';
}

/** Whether the filter needs the filtered search (anything beyond type and searchTerm). */
export function isFilteredSearch(filter: Filter): boolean {
  return SEARCH_FILTER_KEYS.some((k) => present(filter[k]));
}

const oneText = (v: unknown) => (present(v) ? String(v) : undefined);
const texts = (v: unknown) => (present(v) ? [...new Set(asArray(v).map(String))] : undefined);
const numbers = (v: unknown) => (present(v) ? [...new Set(asArray(v).map(Number))] : undefined);

/** The body of POST /system/search/params: the list's filters as SystemSearchFilter names them, each value once. */
export const searchFilterOf: (filter: Filter) => SystemSearchFilter = inputOf<SystemSearchFilter>(searchSystemsBody, {
  type: (_value, filter) => {
    const kind = kindOf(filter);
    return kind === 'ALL' ? undefined : kind;
  },
  systemTypes: (v) => texts(v) as SystemSearchFilter['systemTypes'],
  statuses: (v) => texts(v) as SystemSearchFilter['statuses'],
  municipalityIds: texts,
  region: oneText,
  province: oneText,
  mediaOwners: numbers,
  areaIds: numbers,
  leaseIds: numbers,
  authorizationIds: numbers,
  circuitIds: numbers,
  searchTerm: oneText,
});

/** Path and query of GET /system/all/page/{p}/perPage/{n} (react-admin pages from 1, the service from 0). */
export function pageParamsOf({
  pagination,
  sort,
  filter,
}: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) {
  const f = (filter ?? {}) as Filter;
  const field = SORT_FIELDS.includes(sort?.field as SystemSortField)
    ? (sort!.field as SystemSortField)
    : undefined;
  return {
    page: Math.max(0, (pagination?.page ?? 1) - 1),
    perPage: pagination?.perPage ?? SYSTEM_PAGE_SIZE,
    type: kindOf(f),
    searchTerm: present(f.searchTerm) ? String(f.searchTerm).trim() : undefined,
    sort: field,
    sortDir: field ? (sort?.order === 'DESC' ? ('DESC' as const) : ('ASC' as const)) : undefined,
  };
}

const ids = (values: unknown) =>
  Array.isArray(values)
    ? values.map((v) => Number(typeof v === 'object' && v ? (v as { id: unknown }).id : v))
    : [];

/** A text field, trimmed; blank is absent. */
const text = <T extends string>(value: unknown): T | undefined =>
  typeof value === 'string' && value.trim() !== '' ? (value.trim() as T) : undefined;
/** A number typed or read; anything else is absent. */
const finite = (value: unknown): number | undefined =>
  present(value) && Number.isFinite(Number(value)) ? Number(value) : undefined;
/** The id of a reference held as `{ id }` (the read shape) or as the id itself (the input shape). */
const referenceId = (own: unknown, reference: unknown): number | undefined => {
  const id = own ?? (typeof reference === 'object' && reference ? Reflect.get(reference, 'id') : undefined);
  return present(id) ? Number(id) : undefined;
};
const idList = (value: unknown): number[] | undefined => {
  const list = [...new Set(ids(value))];
  return list.length ? list : undefined;
};

/**
 * The SystemInput of a record as the form or the list holds it: the read shape (`municipality`,
 * `lease`, `area`, `authorizations`, `mediaOwners` as references) or the input shape (`…Id(s)`).
 */
export const systemInputOf = inputOf<SystemInput>(createSystemBody, {
  code: text,
  name: text,
  type: text,
  systemType: text,
  status: text,
  address: text,
  region: text,
  province: text,
  zipCode: text,
  notes: (value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined),
  municipalityId: (own, record) => {
    const municipality = own ?? (typeof record.municipality === 'object' && record.municipality ? Reflect.get(record.municipality, 'istatCode') : undefined);
    return present(municipality) ? String(municipality) : undefined;
  },
  latitude: finite,
  longitude: finite,
  faces: finite,
  illuminated: (value) => (typeof value === 'boolean' ? value : undefined),
  leaseId: (own, record) => referenceId(own, record.lease),
  areaId: (own, record) => referenceId(own, record.area),
  authorizationIds: (own, record) => idList(own ?? record.authorizations),
  mediaOwnerIds: (own, record) => idList(own ?? record.mediaOwners),
  domains: (value) => {
    if (!Array.isArray(value)) return undefined;
    const domains = [...new Set(value.map((d) => String(d).trim()).filter(Boolean))];
    return domains.length ? domains : undefined;
  },
  sizes: (value) =>
    Array.isArray(value)
      ? value
          .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && present(s.sizeId))
          .map((s) => ({
            sizeId: Number(s.sizeId),
            ...(present(s.width) ? { width: Number(s.width) } : {}),
            ...(present(s.height) ? { height: Number(s.height) } : {}),
          }))
      : undefined,
});

/** One field of many systems, set to one value (area and lease: null clears them). */
export type SystemBulkChange =
  | { field: 'status'; value: SystemStatus }
  | { field: 'areaId'; value: number | null }
  | { field: 'leaseId'; value: number | null }
  | { field: 'mediaOwnerIds'; value: number[] };

/** The SystemInput of a system as read, with only the chosen field changed. */
export function withChange(system: System, change: SystemBulkChange): SystemInput {
  const input = systemInputOf(system);
  switch (change.field) {
    case 'status':
      return { ...input, status: change.value };
    case 'areaId': {
      const { areaId: _old, ...rest } = input;
      return change.value === null ? rest : { ...rest, areaId: change.value };
    }
    case 'leaseId': {
      const { leaseId: _old, ...rest } = input;
      return change.value === null ? rest : { ...rest, leaseId: change.value };
    }
    case 'mediaOwnerIds': {
      const { mediaOwnerIds: _old, ...rest } = input;
      return change.value.length ? { ...rest, mediaOwnerIds: [...new Set(change.value)] } : rest;
    }
  }
}

/** Ids per POST /system/getAllByIds: one request for a usual selection, bounded bodies for a huge one. */
const IDS_PER_READ = 500;

/**
 * The bulk change of the systems list: the service updates one whole system per call, so each
 * selected system is read, changed in the one field and written back (POST /system/update), a few
 * at a time; a refusal is recorded with the service's reason and the others go on.
 */
async function bulkUpdateSystems(ids: number[], change: SystemBulkChange, onProgress?: BulkProgress): Promise<BulkResult> {
  const wanted = [...new Set(ids.map(Number))];
  const found = new Map<number, System>();
  for (let i = 0; i < wanted.length; i += IDS_PER_READ)
    for (const s of await getSystemsByIds(wanted.slice(i, i + IDS_PER_READ))) found.set(s.id, s);
  const missing = wanted.filter((id) => !found.has(id));
  const { changed, refused } = await runBulk(
    wanted.filter((id) => found.has(id)).map((id) => found.get(id)!),
    (s) => updateSystem(s.id, withChange(s, change)),
    (s) => ({ id: s.id, code: s.code }),
    onProgress && ((done, total) => onProgress(done + missing.length, total + missing.length)),
  );
  return {
    changed,
    refused: [
      ...missing.map((id) => ({ id, message: translateMessage('resources.systems.bulk.not_found', { id }) })),
      ...refused,
    ],
    unchanged: [],
  };
}

/**
 * react-admin's page of the filtered search (POST /system/search/params), sorted by the service:
 * one request when the page fits the per-request limit (9,999, or the runtime config's
 * `searchPageLimit`), else the service's pages of the limit that cover it, read in turn and cut to
 * the page. The total is the service's count of the whole filter.
 */
export async function searchRange(filter: Filter, params: Pick<GetListParams, 'pagination' | 'sort'>): Promise<{ data: System[]; total: number }> {
  const limit = searchPageLimit();
  const perPage = Math.max(1, params.pagination?.perPage ?? limit);
  const start = Math.max(0, (params.pagination?.page ?? 1) - 1) * perPage;
  const end = start + perPage;
  const size = Math.min(perPage, limit);
  const { sort, sortDir } = pageParamsOf({ sort: params.sort, filter, pagination: params.pagination });
  const body = searchFilterOf(filter);
  const first = Math.floor(start / size);
  const rows: System[] = [];
  let total = 0;
  for (let page = first; page * size < end; page += 1) {
    const answer = await searchSystems(body, kindOf(filter), { page, size, sort, sortDir });
    rows.push(...answer.content);
    total = answer.totalElements;
    if (answer.content.length < size) break;
  }
  const skip = start - first * size;
  return { data: rows.slice(skip, skip + perPage), total };
}

async function getList(params: GetListParams): Promise<GetListResult> {
  const filter = (params.filter ?? {}) as Filter;
  if (present(filter.q)) {
    return fromPage(await suggestSystems(String(filter.q), {
      searchField: filter.searchField as SuggestionField | undefined,
    }));
  }
  if (isFilteredSearch(filter)) return toList(await searchRange(filter, params));
  return fromPage(await listSystemsPage(pageParamsOf(params)));
}

/** The filter keys getManyReference understands as `target`. */
const REFERENCE_TARGETS: Record<string, string> = {
  areaId: 'areaIds',
  'area.id': 'areaIds',
  leaseId: 'leaseIds',
  'lease.id': 'leaseIds',
  mediaOwnerId: 'mediaOwners',
  authorizationId: 'authorizationIds',
  municipalityId: 'municipalityIds',
  'municipality.istatCode': 'municipalityIds',
};

export const systemsDataProvider = {
  getList: (_resource: string, params: GetListParams) => getList(params),

  async getOne(_resource: string, params: { id: Identifier }) {
    return toOne(await getSystem(Number(params.id)));
  },

  async getMany(_resource: string, params: { ids: Identifier[] }) {
    const wanted = [...new Set(params.ids.map(Number))];
    if (!wanted.length) return { data: [] };
    return toMany(await getSystemsByIds(wanted));
  },

  async getManyReference(_resource: string, params: GetListParams & { target: string; id: Identifier }) {
    const key = REFERENCE_TARGETS[params.target];
    if (!key) throw new Error(`Riferimento non gestito per gli impianti: ${params.target}`);
    const filter = { ...(params.filter ?? {}), [key]: [params.id] };
    return toList(await searchRange(filter, params));
  },

  async create(_resource: string, params: { data: Partial<RaRecord> }) {
    return toOne(await createSystem(systemInputOf(params.data)));
  },

  async update(_resource: string, params: { id: Identifier; data: Partial<RaRecord>; previousData?: unknown }) {
    return toOne(await updateSystem(Number(params.id), systemInputOf(params.data)));
  },

  async updateMany(): Promise<never> {
    throw new Error('Il servizio impianti non offre la modifica multipla');
  },

  async delete(_resource: string, params: { id: Identifier }) {
    return toOne(await deleteSystem(Number(params.id)));
  },

  /** One DELETE /system/delete per id (the service has no bulk delete), one after the other. */
  async deleteMany(_resource: string, params: { ids: Identifier[] }) {
    const done: Identifier[] = [];
    for (const id of params.ids) {
      await deleteSystem(Number(id));
      done.push(id);
    }
    return { data: done };
  },

  ...systemsMethods(),
} satisfies DataProvider & SystemsMethods;

export type SystemsDataProvider = typeof systemsDataProvider;

type Named = { id: number; name: string };

/** The lookups of the systems filters and form, in one answer. */
export interface SystemLookups {
  mediaOwners: Named[];
  areas: Named[];
  leases: Named[];
  authorizations: Named[];
  municipalities: { istatCode: string; name: string; province: string }[];
}

/**
 * The systems screens' custom methods, reached with `useDataProvider<AppDataProvider>()`: the
 * composite provider routes them by the resource given first (`'systems'`), like react-admin's own.
 */
export interface SystemsMethods {
  systemLookups(resource: 'systems'): Promise<SystemLookups>;
  systemSizes(resource: 'systems', params: { type: SystemKind }): Promise<Named[]>;
  systemSuggestions(resource: 'systems', params: { term: string }): Promise<SystemSuggestionPage>;
  systemsInArea(resource: 'systems', params: { bounds: Bounds; type?: SystemKindFilter }): Promise<SystemMarker[]>;
  systemCodePreview(resource: 'systems', params: { province: string }): Promise<string | undefined>;
  geocodeSystemAddress(resource: 'systems', params: { address: string }): Promise<{ latitude: number; longitude: number }[]>;
  geoRegions(resource: 'systems'): Promise<Region[]>;
  geoProvinces(resource: 'systems', params: { region: string }): Promise<Province[]>;
  geoMunicipalities(resource: 'systems', params: { province: string }): Promise<Municipality[]>;
  geoZipCodes(resource: 'systems', params: { istatCode: string }): Promise<string[]>;
  systemImage(resource: 'systems', params: { imageId: number }): Promise<Blob>;
  uploadSystemImage(
    resource: 'systems',
    params: { systemId: number; file: File; onProgress?: Progress },
  ): Promise<SystemImage>;
  deleteSystemImage(resource: 'systems', params: { imageId: number }): Promise<unknown>;
  systemHistory(resource: 'systems', params: { id: number }): Promise<SchemaHistoryEntry[]>;
  downloadSystemsTemplate(resource: 'systems'): Promise<string>;
  importSystems(resource: 'systems', params: { file: File; onProgress?: Progress }): Promise<ImportReport>;
  /** One field of many systems (see bulkUpdateSystems): what changed and what was refused, never a first-failure stop. */
  bulkUpdateSystems(
    resource: 'systems',
    params: { ids: number[]; change: SystemBulkChange; onProgress?: BulkProgress },
  ): Promise<BulkResult>;
  /** Every system of the list's filter takes `status`, in one request to the service (a selection of the whole filter). */
  setSystemStatusByFilter(
    resource: 'systems',
    params: { filter: Record<string, unknown>; status: SystemStatus },
  ): Promise<{ matched: number; changed: number[] }>;
}

function systemsMethods(): SystemsMethods {
  return {
    async systemLookups() {
      const [mediaOwners, areas, leases, authorizations, municipalities] = await Promise.all([
        listMediaOwners(),
        listAreas(),
        listLeases(),
        listAuthorizations(),
        listMunicipalities(),
      ]);
      return { mediaOwners, areas, leases, authorizations, municipalities } as SystemLookups;
    },
    systemSizes: async (_r, { type }) => (await listSizes(type)) as Named[],
    systemSuggestions: (_r, { term }) => suggestSystems(term),
    systemsInArea: (_r, { bounds, type = 'ALL' }) => listSystemsInArea(bounds, type),
    systemCodePreview: async (_r, { province }) => (await getPreviewId(province)).previewId,
    geocodeSystemAddress: (_r, { address }) => geocodeLocations(address),
    geoRegions: () => listRegions(),
    geoProvinces: (_r, { region }) => listProvincesByRegion(region),
    geoMunicipalities: (_r, { province }) => listMunicipalitiesByProvince(province),
    geoZipCodes: (_r, { istatCode }) => listZipCodes(istatCode),
    systemImage: (_r, { imageId }) => getSystemImage(imageId),
    uploadSystemImage: (_r, { systemId, file, onProgress }) => uploadSystemImage(systemId, file, onProgress),
    deleteSystemImage: (_r, { imageId }) => deleteSystemImage(imageId),
    systemHistory: (_r, { id }) => listSystemHistory(id),
    downloadSystemsTemplate: () => downloadImportTemplate(),
    importSystems: (_r, { file, onProgress }) => importSystems(file, onProgress),
    bulkUpdateSystems: (_r, { ids, change, onProgress }) => bulkUpdateSystems(ids, change, onProgress),
    setSystemStatusByFilter: (_r, { filter, status }) => setSystemStatusByFilter(searchFilterOf(filter), kindOf(filter), status),
  };
}
