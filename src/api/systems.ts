import type { components, paths } from './generated/systems';
import { callOrThrow, downloadBlob, fileForm, lazyClient, upload, type UploadProgress } from './http';
import { MAP_BOUNDS_BIAS, SYSTEM_FILTERED_SEARCH, SYSTEM_PAGE_SIZE, SYSTEM_SUGGESTION_DEFAULTS } from '@/config/constants';

/** The systems service: a typed openapi-fetch client. */
export const systemsApi = lazyClient<paths>('systems');

type S = components['schemas'];
export type System = S['System'];
export type SystemInput = S['SystemInput'];
export type SystemKind = S['SystemKind'];
export type SystemKindFilter = S['SystemKindFilter'];
export type SystemSearchFilter = S['SystemSearchFilter'];
export type SystemPage = S['SystemPage'];
export type SystemMarker = S['SystemMarker'];
export type SystemSuggestionPage = S['SystemSuggestionPage'];
export type SystemSortField = S['SystemSortField'];
export type SuggestionField = S['SuggestionField'];
export type DistinctField = S['DistinctField'];
export type Bounds = S['Bounds'];
export type SystemImage = S['SystemImage'];
export type ImportReport = S['ImportReport'];
export type ImportRejection = S['ImportRejection'];
export type SystemTypeCode = S['SystemTypeCode'];
export type SystemStatus = S['SystemStatus'];

export type SystemProvider = S['SystemProvider'];
export type Authorization = S['Authorization'];
export type AuthorizationInput = S['AuthorizationInput'];
export type Lease = S['Lease'];
export type LeaseInput = S['LeaseInput'];
export type PermitDocument = S['PermitDocument'];

export const TEMPLATE_FILE_NAME = 'template_impianti.xlsx';

/* ---------- systems ---------- */

export function listSystemsPage(args: { page?: number; perPage?: number; type?: SystemKindFilter; searchTerm?: string; sort?: SystemSortField; sortDir?: 'ASC' | 'DESC' }) {
  const query: NonNullable<paths['/system/all/page/{p}/perPage/{n}']['get']['parameters']['query']> = { type: args.type ?? 'ALL' };
  if (args.searchTerm) query.searchTerm = args.searchTerm;
  if (args.sort) {
    query.sort = args.sort;
    query.sortDir = args.sortDir ?? 'ASC';
  }
  return callOrThrow(
    systemsApi().GET('/system/all/page/{p}/perPage/{n}', { params: { path: { p: args.page ?? 0, n: args.perPage ?? SYSTEM_PAGE_SIZE }, query } }),
  );
}

/** One page of the filtered search (pages from 0, at most 9,999 rows), sorted by the service (code by default). */
export function searchSystems(
  filter: SystemSearchFilter,
  type: SystemKindFilter = 'ALL',
  paging: { page?: number; size?: number; sort?: SystemSortField; sortDir?: 'ASC' | 'DESC' } = {},
) {
  const query: NonNullable<paths['/system/search/params']['post']['parameters']['query']> = {
    page: paging.page ?? SYSTEM_FILTERED_SEARCH.page,
    size: paging.size ?? SYSTEM_FILTERED_SEARCH.size,
    type,
  };
  if (paging.sort) {
    query.sort = paging.sort;
    query.sortDir = paging.sortDir ?? 'ASC';
  }
  return callOrThrow(systemsApi().POST('/system/search/params', { params: { query }, body: filter }));
}

/** Every system matching `filter` takes `status`, on the service, however many they are. */
export const setSystemStatusByFilter = (filter: SystemSearchFilter, type: SystemKindFilter, status: SystemStatus) =>
  callOrThrow(systemsApi().POST('/system/bulk/status/params', { params: { query: { type } }, body: { filter, status } }));

export function suggestSystems(searchTerm: string, options: { searchField?: SuggestionField; type?: SystemKindFilter } = {}) {
  return callOrThrow(
    systemsApi().GET('/system/suggestion', {
      params: {
        query: {
          searchTerm,
          page: SYSTEM_SUGGESTION_DEFAULTS.page,
          size: SYSTEM_SUGGESTION_DEFAULTS.size,
          sortBy: SYSTEM_SUGGESTION_DEFAULTS.sortBy,
          sortDir: SYSTEM_SUGGESTION_DEFAULTS.sortDir,
          type: options.type ?? SYSTEM_SUGGESTION_DEFAULTS.type,
          ...(options.searchField ? { searchField: options.searchField } : {}),
        },
      },
    }),
  );
}

export const getSystem = (id: number) => callOrThrow(systemsApi().GET('/system/id/{id}', { params: { path: { id } } }));
export const getSystemsByIds = (ids: number[]) => callOrThrow(systemsApi().POST('/system/getAllByIds', { body: ids }));
export const createSystem = (input: SystemInput) =>
  callOrThrow(systemsApi().POST('/system/create', { params: { query: { type: input.type } }, body: input }));
export const updateSystem = (id: number, input: SystemInput) =>
  callOrThrow(systemsApi().POST('/system/update', { params: { query: { id, type: input.type } }, body: input }));
export const deleteSystem = (id: number) => callOrThrow(systemsApi().DELETE('/system/delete', { params: { query: { id } } }));
export const removeDomains = (id: number, domains: string[]) =>
  callOrThrow(systemsApi().DELETE('/system/{id}/domains', { params: { path: { id } }, body: domains }));
export const getPreviewId = (sequenceName: string) => callOrThrow(systemsApi().GET('/system/getPreviewId', { params: { query: { sequenceName } } }));
export const listSystemFrames = (systemId: number) =>
  callOrThrow(systemsApi().GET('/system/getSystemFrameBySystemId', { params: { query: { systemId } } }));

/* ---------- provider teams (squadre) and their links to systems ---------- */

/** The path and filter body of a page of teams: page from 0, per page; the filters and sort order. */
export type TeamsPageRequest = { path: { p: number; n: number }; body: S['TeamFilter'] };

/** POST /team/list/page/{p}/perPage/{n} with the filter body: a page of teams and the total. */
export const listTeamsPage = ({ path, body }: TeamsPageRequest) =>
  callOrThrow(systemsApi().POST('/team/list/page/{p}/perPage/{n}', { params: { path }, body }));
/** GET /team/getAll: every team. */
export const listAllTeams = () => callOrThrow(systemsApi().GET('/team/getAll'));
/** GET /team/getById/{id}: one team. */
export const getTeam = (id: number) => callOrThrow(systemsApi().GET('/team/getById/{id}', { params: { path: { id } } }));
/** POST /team/create/: the new team. */
export const createTeam = (input: S['TeamInput']) => callOrThrow(systemsApi().POST('/team/create/', { body: input }));
/** PUT /team/update/{id}: the changed team. */
export const updateTeam = (id: number, input: S['TeamInput']) =>
  callOrThrow(systemsApi().PUT('/team/update/{id}', { params: { path: { id } }, body: input }));
/** DELETE /team/delete/{id}. */
export const deleteTeam = (id: number) => callOrThrow(systemsApi().DELETE('/team/delete/{id}', { params: { path: { id } } }));
/** GET /team/teamProviderTypes: the kinds of work a team does. */
export const listProviderTypes = () => callOrThrow(systemsApi().GET('/team/teamProviderTypes'));
/** GET /team/systemProvider/getBySystemId?systemId: the provider teams linked to a system, with their duties. */
export const listSystemProviders = (systemId: number) =>
  callOrThrow(systemsApi().GET('/team/systemProvider/getBySystemId', { params: { query: { systemId } } }));
/** POST /team/systemProvider/create: links a team to a system with its duties. */
export const createSystemProvider = (input: S['SystemProviderInput']) =>
  callOrThrow(systemsApi().POST('/team/systemProvider/create', { body: input }));
/** PUT /team/systemProvider/update/{id}: the link's changed duties. */
export const updateSystemProvider = (id: number, input: S['SystemProviderInput']) =>
  callOrThrow(systemsApi().PUT('/team/systemProvider/update/{id}', { params: { path: { id } }, body: input }));
/** DELETE /team/systemProvider/delete/{id}: removes the link. */
export const deleteSystemProvider = (id: number) =>
  callOrThrow(systemsApi().DELETE('/team/systemProvider/delete/{id}', { params: { path: { id } } }));

/* ---------- lookups ---------- */

export const listDistinctValues = (x: DistinctField) => callOrThrow(systemsApi().GET('/system/{x}/distinct', { params: { path: { x } } }));
export const listSystemTypeCodes = (type: SystemKind) => callOrThrow(systemsApi().GET('/system/type/all', { params: { query: { type } } }));
export const listSystemTypes = () => callOrThrow(systemsApi().GET('/system/systemType/getAll'));
export const listSystemTypesByType = (type: SystemKind) => callOrThrow(systemsApi().GET('/system/systemType/getByType', { params: { query: { type } } }));
export const listSizes = (type: SystemKind) => callOrThrow(systemsApi().GET('/size/all', { params: { query: { type } } }));
export const getSize = (sid: number, type: SystemKind) => callOrThrow(systemsApi().GET('/size/byId', { params: { query: { sid, type } } }));
export const listAreas = () => callOrThrow(systemsApi().GET('/system/area/all'));
export const listAreasByCircuit = (cid: number, type: SystemKind) => callOrThrow(systemsApi().GET('/system/area/list', { params: { query: { cid, type } } }));
export const listAreaDtos = (type: SystemKind, noCircuit = true) =>
  callOrThrow(systemsApi().GET('/system/area/listDto/all', { params: { query: { type, noCircuit } } }));
export const listMediaOwners = () => callOrThrow(systemsApi().GET('/mediaOwner/all'));
export const listLeases = () => callOrThrow(systemsApi().GET('/system/lease/all'));
export const listAuthorizations = () => callOrThrow(systemsApi().GET('/system/authorization/all'));
export const listMunicipalities = () => callOrThrow(systemsApi().GET('/system/getMunicipalities'));
export const getMunicipality = (municipalityId: string) =>
  callOrThrow(systemsApi().GET('/system/getMunicipalityById', { params: { query: { municipalityId } } }));

/* ---------- map ---------- */

export const listSystemsInArea = (bounds: Bounds, type: SystemKindFilter = 'ALL', biasPercentage = MAP_BOUNDS_BIAS) =>
  callOrThrow(systemsApi().POST('/system/inAreaList', { params: { query: { type, biasPercentage } }, body: bounds }));
export const geocodeLocations = (address: string) =>
  callOrThrow(systemsApi().GET('/geocode/getGeocodeLocations', { params: { query: { address } } }));

/* ---------- images, template, import ---------- */

export type Progress = UploadProgress;

export function uploadSystemImage(systemId: number, image: File, onProgress?: Progress): Promise<SystemImage> {
  return upload<SystemImage>('systems', '/system/image/upload', fileForm(image, { systemId }), onProgress);
}

export const deleteSystemImage = (id: number) => callOrThrow(systemsApi().DELETE('/system/image/delete/{id}', { params: { path: { id } } }));

export function getSystemImage(id: number): Promise<Blob> {
  return callOrThrow(systemsApi().GET('/system/image/get/{id}', { params: { path: { id } }, parseAs: 'blob' }));
}

export const downloadImportTemplate = () =>
  downloadBlob(systemsApi().GET('/system/download/templateImportSystems', { parseAs: 'blob' }), TEMPLATE_FILE_NAME);

/** The import: 200 with the report, or an ApiError whose body (422) names every rejected row. */
export function importSystems(workbook: File, onProgress?: Progress): Promise<ImportReport> {
  return upload<ImportReport>('systems', '/system/upload', fileForm(workbook), onProgress);
}

/* ---------- authorizations and leases (ra-data-simple-rest lists) ---------- */

export interface PermitListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

/** A list's answer and the total its Content-Range states (`authorizations 0-24/40`). */
async function withTotal<D extends unknown[]>(request: Promise<FetchResult<D>>): Promise<{ data: D; total: number }> {
  let range: string | null = null;
  const data = await callOrThrow(request.then((r) => ((range = r.response.headers.get('Content-Range')), r)));
  const total = Number(/\/(\d+)$/.exec(range ?? '')?.[1]);
  return { data, total: Number.isFinite(total) ? total : data.length };
}

type FetchResult<D> = { data?: D; error?: unknown; response: Response };

/** A document as a multipart body through the typed client: the serializer sends the file as the one upload form. */
const documentBody = (file: File) => ({ body: { file }, bodySerializer: () => fileForm(file) });

export const listAuthorizationRecords = (query: PermitListQuery) => withTotal(systemsApi().GET('/authorizations', { params: { query } }));
export const getAuthorization = (id: number) => callOrThrow(systemsApi().GET('/authorizations/{id}', { params: { path: { id } } }));
export const createAuthorization = (body: AuthorizationInput) => callOrThrow(systemsApi().POST('/authorizations', { body }));
export const updateAuthorization = (id: number, body: AuthorizationInput) =>
  callOrThrow(systemsApi().PUT('/authorizations/{id}', { params: { path: { id } }, body }));
export const deleteAuthorization = (id: number) => callOrThrow(systemsApi().DELETE('/authorizations/{id}', { params: { path: { id } } }));
export const uploadAuthorizationDocument = (id: number, file: File) =>
  callOrThrow(systemsApi().POST('/authorizations/{id}/documents', { params: { path: { id } }, ...documentBody(file) }));
export const downloadAuthorizationDocument = (id: number, document: Pick<PermitDocument, 'id' | 'fileName'>) =>
  downloadBlob(
    systemsApi().GET('/authorizations/{id}/documents/{documentId}', { params: { path: { id, documentId: document.id } }, parseAs: 'blob' }),
    document.fileName,
  );
export const deleteAuthorizationDocument = (id: number, documentId: number) =>
  callOrThrow(systemsApi().DELETE('/authorizations/{id}/documents/{documentId}', { params: { path: { id, documentId } } }));

export const listLeaseRecords = (query: PermitListQuery) => withTotal(systemsApi().GET('/leases', { params: { query } }));
export const getLease = (id: number) => callOrThrow(systemsApi().GET('/leases/{id}', { params: { path: { id } } }));
export const createLease = (body: LeaseInput) => callOrThrow(systemsApi().POST('/leases', { body }));
export const updateLease = (id: number, body: LeaseInput) => callOrThrow(systemsApi().PUT('/leases/{id}', { params: { path: { id } }, body }));
export const deleteLease = (id: number) => callOrThrow(systemsApi().DELETE('/leases/{id}', { params: { path: { id } } }));
export const uploadLeaseDocument = (id: number, file: File) =>
  callOrThrow(systemsApi().POST('/leases/{id}/documents', { params: { path: { id } }, ...documentBody(file) }));
export const downloadLeaseDocument = (id: number, document: Pick<PermitDocument, 'id' | 'fileName'>) =>
  downloadBlob(systemsApi().GET('/leases/{id}/documents/{documentId}', { params: { path: { id, documentId: document.id } }, parseAs: 'blob' }), document.fileName);
export const deleteLeaseDocument = (id: number, documentId: number) =>
  callOrThrow(systemsApi().DELETE('/leases/{id}/documents/{documentId}', { params: { path: { id, documentId } } }));
