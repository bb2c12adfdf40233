import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/http';
import { storeSession } from '@/auth/session';
import { sandboxHosts, searchPageLimit, setRuntimeConfig } from '@/config/environment';
import { isFilteredSearch, pageParamsOf, searchFilterOf, systemInputOf, systemsDataProvider as dp } from '@/dataProviders/systems';
import { fetchAllRows } from '@/ui/exporter';
import type { System } from '@/api/systems';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const BASE = `${ORIGIN}/systems/v1`;
const seen: Seen[] = [];
const server = setupServer();
const last = () => seen[seen.length - 1];
const violations = () => seen.flatMap((s) => s.violations);
const urlOf = (s: Seen) => new URL(s.url);

let documentMock: Awaited<ReturnType<typeof documentHandlers>> = [];

beforeAll(async () => {
  documentMock = await documentHandlers(ORIGIN, ['systems', 'geo', 'history', 'circuits'], seen);
  server.resetHandlers(...documentMock);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'asset.manager' }, type: 'ROLE_ASSETMANAGER', group: 'administrators' });
});
afterEach(() => {
  server.resetHandlers(...documentMock);
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

const READ: Record<string, unknown> = {
  id: 1,
  code: 'MI-0001',
  name: 'Poster Via Torino 12',
  type: 'OOH',
  systemType: 'poster',
  status: 'active',
  sizes: [{ sizeId: 3, width: 600, height: 300 }],
  address: 'Via Torino 12',
  region: 'Lombardia',
  province: 'Milano',
  municipality: { istatCode: '015146', name: 'Milano' },
  zipCode: '20123',
  latitude: 45.4613,
  longitude: 9.1853,
  frames: [11],
  images: [101],
  domains: ['retail', 'centro'],
  lease: { id: 1, name: 'Locazione' },
  authorizations: [{ id: 1, name: 'Aut' }],
  mediaOwners: [{ id: 2, name: 'MO' }],
  area: { id: 4, name: 'Centro' },
  illuminated: true,
  faces: 2,
  notes: 'Nota',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('getList', () => {
  it('maps page, perPage, type, searchTerm and sort onto GET /system/all/page/{p}/perPage/{n}', async () => {
    const { data, total } = await dp.getList('systems', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'municipality', order: 'DESC' },
      filter: { type: 'DOOH', searchTerm: ' Torino ' },
    });
    const url = urlOf(last());
    expect(url.pathname).toBe('/systems/v1/system/all/page/2/perPage/25');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'DOOH', searchTerm: 'Torino', sort: 'municipality', sortDir: 'DESC' });
    expect(violations()).toEqual([]);
    expect(data[0].code).toBe('MI-0001');
    expect(total).toBe(1);
  });

  it('defaults to page 0, 10 rows, type ALL, and leaves out a sort field the service does not know', () => {
    expect(pageParamsOf({ pagination: undefined as never, sort: { field: 'lease', order: 'ASC' }, filter: {} })).toEqual({
      page: 0, perPage: 10, type: 'ALL', searchTerm: undefined, sort: undefined, sortDir: undefined,
    });
  });

  it('sends filters beyond type and searchTerm to POST /system/search/params with react-admin\'s page and the sort', async () => {
    await dp.getList('systems', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'municipality', order: 'DESC' },
      filter: { type: 'OOH', systemTypes: ['poster', 'poster', 'stendardo'], statuses: 'active', mediaOwners: ['1'], municipalityIds: ['015146'], areaIds: [2], leaseIds: [3], authorizationIds: [4], province: 'Milano', searchTerm: 'via' },
    });
    const s = last();
    expect(s.operationId).toBe('searchSystems');
    expect(Object.fromEntries(urlOf(s).searchParams)).toEqual({ page: '1', size: '10', type: 'OOH', sort: 'municipality', sortDir: 'DESC' });
    expect(violations()).toEqual([]);
  });

  it('builds the search body: arrays deduplicated, ids as numbers, type and searchTerm carried', () => {
    expect(searchFilterOf({ type: 'OOH', systemTypes: ['poster', 'poster'], statuses: 'active', mediaOwners: ['1', 1], province: 'Milano', searchTerm: 'via', areaIds: [] })).toEqual({
      type: 'OOH', systemTypes: ['poster'], statuses: ['active'], mediaOwners: [1], province: 'Milano', searchTerm: 'via',
    });
    expect(isFilteredSearch({ type: 'OOH', searchTerm: 'x' })).toBe(false);
    expect(isFilteredSearch({ leaseIds: [1] })).toBe(true);
    expect(isFilteredSearch({ leaseIds: [] })).toBe(false);
    // A circuit filter (the planning configurator's circuits) goes to the search, ids as numbers.
    expect(searchFilterOf({ circuitIds: ['3', 3, 5], systemTypes: ['poster'] })).toEqual({ circuitIds: [3, 5], systemTypes: ['poster'] });
    expect(isFilteredSearch({ circuitIds: [3] })).toBe(true);
  });

  it('answers `q` with the suggestions: page 0, size 20, relevance DESC, type ALL', async () => {
    const { data } = await dp.getList('systems', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'Torino' } });
    const url = urlOf(last());
    expect(url.pathname).toBe('/systems/v1/system/suggestion');
    expect(Object.fromEntries(url.searchParams)).toEqual({ searchTerm: 'Torino', page: '0', size: '20', sortBy: 'relevance', sortDir: 'DESC', type: 'ALL' });
    expect(data[0].matchedField).toBe('address');
    expect(violations()).toEqual([]);
  });
});

describe('getOne, getMany, getManyReference', () => {
  it('getOne → GET /system/id/{id}', async () => {
    const { data } = await dp.getOne('systems', { id: '7' });
    expect(urlOf(last()).pathname).toBe('/systems/v1/system/id/7');
    expect((data as unknown as System).code).toBe('MI-0001');
  });

  it('getMany → one POST /system/getAllByIds with the distinct ids', async () => {
    await dp.getMany('systems', { ids: [1, '2', 1] });
    expect(seen).toHaveLength(1);
    expect(last().operationId).toBe('getSystemsByIds');
    expect(violations()).toEqual([]);
    seen.length = 0;
    expect(await dp.getMany('systems', { ids: [] })).toEqual({ data: [] });
    expect(seen).toHaveLength(0);
  });

  it('getManyReference filters by the target through the filtered search', async () => {
    const { data, total } = await dp.getManyReference('systems', { target: 'areaId', id: 4, pagination: { page: 1, perPage: 5 }, sort: { field: 'code', order: 'ASC' }, filter: {} });
    expect(last().operationId).toBe('searchSystems');
    expect(total).toBe(1);
    expect(data).toHaveLength(1);
    await expect(dp.getManyReference('systems', { target: 'foo', id: 1, pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(/non gestito/);
  });
});

describe('writes', () => {
  it('maps the read record onto SystemInput', () => {
    expect(systemInputOf(READ)).toEqual({
      code: 'MI-0001', name: 'Poster Via Torino 12', type: 'OOH', systemType: 'poster', status: 'active', address: 'Via Torino 12',
      region: 'Lombardia', province: 'Milano', zipCode: '20123', notes: 'Nota', municipalityId: '015146', latitude: 45.4613, longitude: 9.1853,
      faces: 2, illuminated: true, leaseId: 1, areaId: 4, authorizationIds: [1], mediaOwnerIds: [2], domains: ['retail', 'centro'],
      sizes: [{ sizeId: 3, width: 600, height: 300 }],
    });
    expect(systemInputOf({ name: 'x', type: 'DOOH', code: '', leaseId: '', authorizationIds: ['3'], sizes: [{ sizeId: '2' }, {}], latitude: '45.1' })).toEqual({
      name: 'x', type: 'DOOH', authorizationIds: [3], sizes: [{ sizeId: 2 }], latitude: 45.1,
    });
  });

  it('create → POST /system/create?type with a body the document accepts', async () => {
    const { id: _id, ...rest } = READ;
    await dp.create('systems', { data: rest });
    expect(last().operationId).toBe('createSystem');
    expect(urlOf(last()).searchParams.get('type')).toBe('OOH');
    expect(violations()).toEqual([]);
  });

  it('update → POST /system/update?id&type', async () => {
    await dp.update('systems', { id: 1, data: READ, previousData: READ as never });
    const url = urlOf(last());
    expect(last().operationId).toBe('updateSystem');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: '1', type: 'OOH' });
    expect(violations()).toEqual([]);
  });

  it('delete → DELETE /system/delete?id; deleteMany → one delete per id', async () => {
    await dp.delete('systems', { id: 9 });
    expect(last().method).toBe('DELETE');
    expect(urlOf(last()).searchParams.get('id')).toBe('9');
    seen.length = 0;
    const { data } = await dp.deleteMany('systems', { ids: [1, 2, 3] });
    expect(data).toEqual([1, 2, 3]);
    expect(seen.map((s) => s.operationId)).toEqual(['deleteSystem', 'deleteSystem', 'deleteSystem']);
  });

  it('rejects with the service message (ApiError) on 409 and 400', async () => {
    server.use(http.post(`${BASE}/system/create`, () => HttpResponse.json({ message: 'Il codice MI-0001 è già in uso', status: 409 }, { status: 409 })));
    const error = await dp.create('systems', { data: READ }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('Il codice MI-0001 è già in uso');
    server.use(http.get(`${BASE}/system/all/page/:p/perPage/:n`, () => HttpResponse.json({ message: 'Richiesta non valida', status: 400 }, { status: 400 })));
    await expect(dp.getList('systems', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow('Richiesta non valida');
  });
});

describe('custom methods', () => {
  it('systemsInArea → POST /system/inAreaList with bias 0.01 and the bounds', async () => {
    await dp.systemsInArea('systems', { bounds: { north: 45.5, south: 45.4, east: 9.3, west: 9.1 } });
    expect(Object.fromEntries(urlOf(last()).searchParams)).toEqual({ type: 'ALL', biasPercentage: '0.01' });
    expect(violations()).toEqual([]);
  });

  it('the screens\' custom methods reach their endpoints within the documents', async () => {
    const lookups = await dp.systemLookups('systems');
    expect(Object.keys(lookups).sort()).toEqual(['areas', 'authorizations', 'leases', 'mediaOwners', 'municipalities']);
    await dp.systemSizes('systems', { type: 'OOH' });
    await dp.systemSuggestions('systems', { term: 'Milano' });
    await dp.systemCodePreview('systems', { province: 'MI' });
    await dp.geocodeSystemAddress('systems', { address: 'Via Torino 12, Milano' });
    await dp.geoRegions('systems');
    await dp.geoProvinces('systems', { region: 'Lombardia' });
    await dp.geoMunicipalities('systems', { province: 'MI' });
    await dp.geoZipCodes('systems', { istatCode: '015146' });
    await dp.systemHistory('systems', { id: 1 });
    await dp.deleteSystemImage('systems', { imageId: 101 });
    expect(seen.map((s) => s.operationId).slice(5)).toEqual([
      'listSizes', 'suggestSystems', 'getPreviewId', 'geocodeAddress', 'listRegions', 'listProvincesByRegion',
      'listMunicipalitiesByProvince', 'listZipCodesByMunicipalityIstatCode', 'listSystemHistory', 'deleteSystemImage',
    ]);
    expect(violations()).toEqual([]);
  }, 30_000);

  it('downloads the template as template_impianti.xlsx', async () => {
    server.use(http.get(`${BASE}/system/download/templateImportSystems`, () => new HttpResponse(new Uint8Array([1, 2]), { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })));
    const create = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    expect(await dp.downloadSystemsTemplate('systems')).toBe('template_impianti.xlsx');
    expect(create).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('uploads an image as multipart with the bearer and reports the end of the progress', async () => {
    let auth = '';
    let fields: Record<string, string> = {};
    server.use(
      http.post(`${BASE}/system/image/upload`, async ({ request }) => {
        auth = request.headers.get('authorization') ?? '';
        const form = await request.formData();
        fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]));
        return HttpResponse.json({ id: 5, systemId: 1, fileName: 'a.png', contentType: 'image/png', size: 3, createdAt: '2026-01-01T00:00:00Z' }, { status: 201 });
      }),
    );
    const progress: number[] = [];
    const image = await dp.uploadSystemImage('systems', { systemId: 1, file: new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }), onProgress: (f) => progress.push(f) });
    expect(image.id).toBe(5);
    expect(auth).toBe('Bearer tok');
    expect(fields.systemId).toBe('1');
    expect(fields.file).toMatch(/^file:/);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it('an import with bad rows rejects with a 422 ApiError whose rows are listed', async () => {
    const rejected = [{ row: 4, reason: 'tipo non valido' }, { row: 3, reason: 'latitudine mancante' }];
    server.use(http.post(`${BASE}/system/upload`, () => HttpResponse.json({ message: 'Importazione annullata', status: 422, created: 0, updated: 0, rejected }, { status: 422 })));
    const error = await dp.importSystems('systems', { file: new File(['x'], 'i.xlsx') }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('Importazione annullata');
    expect(((error as ApiError).body as { rejected: { row: number }[] }).rejected.map((r) => r.row)).toEqual([4, 3]);
  });
});

/** A filtered search over `count` systems that honours page and size like the service (and counts its calls). */
function pagedSearch(count: number) {
  const calls: { page: number; size: number }[] = [];
  const rows = Array.from({ length: count }, (_, i) => ({ ...READ, id: i + 1, code: `MI-${String(i + 1).padStart(4, '0')}` }));
  server.use(
    http.post(`${BASE}/system/search/params`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page'));
      const size = Number(q.get('size'));
      calls.push({ page, size });
      const content = rows.slice(page * size, (page + 1) * size);
      return HttpResponse.json({ content, totalElements: count, totalPages: Math.ceil(count / size), number: page, size });
    }),
  );
  return calls;
}

describe('the filtered search, paged', () => {
  const filter = { statuses: ['active'] };

  it('the export reads every row of the filter exactly once, however many requests it takes', async () => {
    setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) }, searchPageLimit: 7 });
    const calls = pagedSearch(1234);
    const rows = await fetchAllRows(dp as never, 'systems', { filter, sort: { field: 'code', order: 'ASC' } });
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1234);
    // The exporter's pages of 500 are read as the service's pages of 7 rows.
    expect(new Set(calls.map((c) => c.size))).toEqual(new Set([7]));
  });

  it('a page larger than the per-request limit is read as the service pages that tile it', async () => {
    setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) }, searchPageLimit: 5 });
    const calls = pagedSearch(23);
    const { data, total } = await dp.getList('systems', { filter, pagination: { page: 2, perPage: 10 }, sort: { field: 'code', order: 'ASC' } });
    expect(calls).toEqual([{ page: 2, size: 5 }, { page: 3, size: 5 }]);
    expect(data.map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(total).toBe(23);
    calls.length = 0;
    const last3 = await dp.getList('systems', { filter, pagination: { page: 3, perPage: 10 }, sort: { field: 'code', order: 'ASC' } });
    expect(last3.data.map((r) => r.id)).toEqual([21, 22, 23]);
    expect(calls).toEqual([{ page: 4, size: 5 }]);
  });

  it('the list\'s total is the service\'s count of the whole filter, not the rows of one request', async () => {
    pagedSearch(15500);
    const { data, total } = await dp.getList('systems', { filter, pagination: { page: 1, perPage: 9999 }, sort: { field: 'code', order: 'ASC' } });
    expect(data).toHaveLength(9999);
    expect(total).toBe(15500);
  });

  it('the per-request limit is the runtime config\'s, within 1..9,999, else 9,999', () => {
    const hosts = {};
    expect(searchPageLimit({ hosts })).toBe(9999);
    expect(searchPageLimit({ hosts, searchPageLimit: 50 })).toBe(50);
    expect(searchPageLimit({ hosts, searchPageLimit: 20000 })).toBe(9999);
    expect(searchPageLimit({ hosts, searchPageLimit: 0 })).toBe(9999);
  });

  it('a page that is no multiple of the limit is read from the service pages that cover it, cut to the page', async () => {
    setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) }, searchPageLimit: 5 });
    const calls = pagedSearch(40);
    // "Select all" of a filter of 23 asks 24 rows (one more than the total).
    const { data } = await dp.getList('systems', { filter, pagination: { page: 1, perPage: 24 }, sort: { field: 'code', order: 'ASC' } });
    expect(data).toHaveLength(24);
    expect(calls).toEqual([0, 1, 2, 3, 4].map((page) => ({ page, size: 5 })));
    calls.length = 0;
    const second = await dp.getList('systems', { filter, pagination: { page: 2, perPage: 7 }, sort: { field: 'code', order: 'ASC' } });
    expect(second.data.map((r) => r.id)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(calls).toEqual([{ page: 1, size: 5 }, { page: 2, size: 5 }]);
  });

  it('a status change of the whole filter is one request by filter', async () => {
    await dp.setSystemStatusByFilter('systems', { filter: { type: 'OOH', statuses: ['active'], province: 'Milano' }, status: 'maintenance' });
    const s = last();
    expect(s.operationId).toBe('bulkSetSystemStatusByFilter');
    expect(Object.fromEntries(urlOf(s).searchParams)).toEqual({ type: 'OOH' });
    expect(violations()).toEqual([]);
  });
});
