import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { agentsDataProvider } from '@/dataProviders/agents';
import { lookups, subItemPathType, subItemSaveBody } from '@/api/audit';
import {
  detectionInputOf,
  detectionsDataProvider,
  listDetectionsRequest,
  pageOf,
  type DetectionRecord,
} from '@/dataProviders/detections';
import { parseSubItemId, subItemsDataProvider } from '@/dataProviders/subItems';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

/** The requests the mock saw, each checked against openapi/audit.yaml. */
const lastRequest = () => seen[seen.length - 1];
const clean = () => seen.flatMap((s) => s.violations);

let documented: Awaited<ReturnType<typeof documentHandlers>> = [];
beforeAll(async () => {
  documented = await documentHandlers(ORIGIN, ['audit'], seen);
  server.use(...documented);
  server.listen({ onUnhandledRequest: 'error' });
});
// A test's own answers (server.use) end with it; the document's stay.
afterEach(() => server.resetHandlers(...documented));
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({
    auth: 'tok',
    user: { username: 'davide.ricci' },
    type: 'ROLE_MEDIAMONITOR',
    group: 'administrators',
  });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('sub-item types', () => {
  it('a type name loses its underscores in paths', () => {
    expect(subItemPathType('media_type')).toBe('mediatype');
    expect(subItemPathType('product_category')).toBe('productcategory');
    expect(subItemPathType('format')).toBe('format');
  });

  it('the save body is keyed by the type name with its underscores', () => {
    expect(subItemSaveBody('media_type', { name: 'Affissione' })).toEqual({
      media_type: { name: 'Affissione' },
    });
  });

  it('creates a media_type value at /detection/mediatype/save with a body keyed media_type', async () => {
    const { data } = await subItemsDataProvider.create('subItems', {
      data: { type: 'media_type', name: 'Affissione', description: '' },
    });
    const request = lastRequest();
    expect(new URL(request.url).pathname).toBe('/audit/v1/detection/mediatype/save');
    expect(request.operationId).toBe('createSubItem');
    expect(clean()).toEqual([]);
    expect(data.id).toBe('media_type:1');
  });

  it('lists, reads, updates and deletes through the path type, with `<type>:<id>` record ids', async () => {
    const list = await subItemsDataProvider.getList('subItems', {
      filter: { type: 'product_category' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
    });
    expect(new URL(seen[0].url).pathname).toBe('/audit/v1/detection/productcategory/all');
    expect(list.data.map((r) => r.id)).toEqual(['product_category:2', 'product_category:1']);
    await subItemsDataProvider.getOne('subItems', { id: 'media_type:1' });
    expect(new URL(lastRequest().url).pathname).toBe('/audit/v1/detection/mediatype/findById/1');
    await subItemsDataProvider.update('subItems', {
      id: 'media_type:1',
      data: { name: '6x3', description: 'Manifesto' },
      previousData: { id: 'media_type:1' },
    });
    expect(lastRequest().operationId).toBe('updateSubItem');
    expect(new URL(lastRequest().url).pathname).toBe('/audit/v1/detection/mediatype/update');
    await subItemsDataProvider.delete('subItems', { id: 'product_category:3' });
    expect(new URL(lastRequest().url).pathname).toBe('/audit/v1/detection/productcategory/delete/3');
    expect(clean()).toEqual([]);
  });

  it('searches names and descriptions (never the type or the composite id), sorts any column and pages', async () => {
    server.use(
      http.get(`${ORIGIN}/audit/v1/detection/format/all`, () =>
        HttpResponse.json([
          { id: 2, name: 'Poster 6x3', description: 'Formato classico' },
          { id: 10, name: 'Maxi', description: null },
          { id: 9, name: 'Stendardo', description: 'Manifesto verticale' },
        ]),
      ),
    );
    const list = (params: Partial<Parameters<typeof subItemsDataProvider.getList>[1]>) =>
      subItemsDataProvider.getList('subItems', {
        filter: { type: 'format' },
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'name', order: 'ASC' },
        ...params,
      });
    const names = async (params: Partial<Parameters<typeof subItemsDataProvider.getList>[1]>) =>
      (await list(params)).data.map((r) => r.name);
    expect(await names({ filter: { type: 'format', q: 'MANIFESTO' } })).toEqual(['Stendardo']);
    expect(await names({ filter: { type: 'format', q: 'format' } })).toEqual(['Poster 6x3']);
    expect(await names({ filter: { type: 'format', q: '9' } })).toEqual([]);
    expect(await names({ sort: { field: 'itemId', order: 'DESC' } })).toEqual(['Maxi', 'Stendardo', 'Poster 6x3']);
    expect(await names({ sort: { field: 'description', order: 'ASC' } })).toEqual(['Maxi', 'Poster 6x3', 'Stendardo']);
    const page2 = await list({ pagination: { page: 2, perPage: 2 } });
    expect(page2.data.map((r) => r.name)).toEqual(['Stendardo']);
    expect(page2.total).toBe(3);
  });

  it('refuses an id without a known type', () => {
    expect(() => parseSubItemId('colour:1')).toThrow(/non valido/);
    expect(parseSubItemId('media_type:7')).toEqual({ type: 'media_type', itemId: 7 });
  });
});

describe('detections', () => {
  it('lists a period through byRangeDate with the query fields, and maps auditId to id', async () => {
    const { data, total } = await detectionsDataProvider.getList('detections', {
      filter: { dateStart: '2026-01-01', dateEnd: '2026-03-31', brandName: 'Caffè Aurora' },
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'detectionDate', order: 'DESC' },
    });
    const url = new URL(lastRequest().url);
    expect(url.pathname).toBe('/audit/v1/detection/byRangeDate');
    expect(url.searchParams.get('dateStart')).toBe('2026-01-01');
    expect(url.searchParams.get('dateEnd')).toBe('2026-03-31');
    expect(url.searchParams.get('brandName')).toBe('Caffè Aurora');
    expect(url.searchParams.has('mediaOwner')).toBe(false);
    expect(clean()).toEqual([]);
    expect(total).toBe(1);
    expect(data[0].id).toBe(1024);
    expect(data[0].auditId).toBe(1024);
  });

  it('without a period, lists all', () => {
    expect(listDetectionsRequest({ brandName: 'X' }).path).toBe('/detection/all');
    expect(listDetectionsRequest({ dateStart: '2026-01-01', dateEnd: '2026-01-31', subject: 'S' })).toEqual({
      path: '/detection/byRangeDate',
      query: { dateStart: '2026-01-01', dateEnd: '2026-01-31', subject: 'S' },
    });
  });

  it('sorts and pages in the browser (the endpoint answers the whole period)', () => {
    const rows = [3, 1, 2].map(
      (n) =>
        ({
          id: n,
          auditId: n,
          detectionDate: `2026-01-0${n}`,
          brandName: `B${n}`,
        }) as unknown as DetectionRecord,
    );
    const page = pageOf(rows, {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'detectionDate', order: 'ASC' },
    });
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r.id)).toEqual([3]);
  });

  it('searches the text fields and narrows to one agent (the service has neither)', async () => {
    const all = await detectionsDataProvider.detectionsOf('detections', { filter: {} });
    const sample = all.find((d) => d.agentId != null)!;
    const byAgent = await detectionsDataProvider.detectionsOf('detections', { filter: { agentId: sample.agentId! } });
    expect(byAgent.length).toBeGreaterThan(0);
    expect(byAgent.length).toBeLessThanOrEqual(all.length);
    expect(byAgent.every((d) => d.agentId === sample.agentId)).toBe(true);
    const word = sample.brandName.slice(1, 5).toUpperCase();
    const found = await detectionsDataProvider.detectionsOf('detections', { filter: { q: word } });
    expect(found.map((d) => d.id)).toContain(sample.id);
    const none = await detectionsDataProvider.detectionsOf('detections', { filter: { q: 'zzz-nessuna' } });
    expect(none).toEqual([]);
  });

  it('offers the filter values from distinct/{field}', async () => {
    const values = await detectionsDataProvider.detectionValues('detections', { field: 'mediaOwner' });
    expect(new URL(lastRequest().url).pathname).toBe('/audit/v1/detection/distinct/mediaOwner');
    expect(values).toContain('Urban Media Italia');
  });

  it('creates through save and updates through update?auditId, sending sub-items by id only', async () => {
    const input = {
      detectionDate: '2026-01-15',
      mediaOwner: 'Affissioni Lombarde Srl',
      brandName: 'Caffè Aurora',
      subject: 'Caffè Aurora – Miscela Oro',
      agentId: '3',
      municipality: 'Milano',
      address: '',
      items: { format: { id: 1, name: '6x3', description: 'x' }, location: null },
    };
    expect(detectionInputOf(input)).toMatchObject({
      agentId: 3,
      address: null,
      items: { format: { id: 1 } },
    });
    const created = await detectionsDataProvider.create('detections', { data: input });
    expect(lastRequest().operationId).toBe('createDetection');
    expect(created.data.id).toBe(1024);
    await detectionsDataProvider.update('detections', {
      id: 1024,
      data: { ...created.data, notes: 'Nuova nota' },
      previousData: created.data,
    });
    const url = new URL(lastRequest().url);
    expect(lastRequest().operationId).toBe('updateDetection');
    expect(url.searchParams.get('auditId')).toBe('1024');
    expect(clean()).toEqual([]);
  });

  it('deletes by auditId', async () => {
    await detectionsDataProvider.delete('detections', { id: 1019, previousData: { id: 1019 } });
    const url = new URL(lastRequest().url);
    expect(url.pathname).toBe('/audit/v1/detection/delete');
    expect(url.searchParams.get('auditId')).toBe('1019');
    expect(clean()).toEqual([]);
  });

  it('marks a lead through updateDetectionNewLead/{id}', async () => {
    const record = await detectionsDataProvider.markLead('detections', { id: 1024, leadStatus: 'new', note: 'Richiamare' });
    expect(record.id).toBe(record.auditId);
    expect(new URL(lastRequest().url).pathname).toBe('/audit/v1/detection/updateDetectionNewLead/1024');
    expect(record.leadStatus).toBe('new');
    expect(clean()).toEqual([]);
  });

  it('syncs leads and reads the lookups', async () => {
    const report = await detectionsDataProvider.syncLeads('detections');
    expect(report.created[0]).toEqual({ auditId: 1024, opportunityId: 88 });
    expect((await lookups.mediaSupplier('Affissioni Lombarde Srl'))?.companyName).toBe(
      'Affissioni Lombarde Srl',
    );
    expect(new URL(lastRequest().url).searchParams.get('mediaOwner')).toBe('Affissioni Lombarde Srl');
    expect(await lookups.brandNamesOfSubject('Caffè Aurora – Miscela Oro')).toEqual(['Caffè Aurora']);
    expect(clean()).toEqual([]);
  });
});

describe('agents', () => {
  it('lists the names and reads one with its mail through findByNameAndSurname/{fullName}', async () => {
    const { data } = await agentsDataProvider.getList('agents', {
      filter: {},
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'surname', order: 'ASC' },
    });
    expect(data.map((a) => a.fullName)).toEqual(['Laura Bianchi', 'Mario Rossi']);
    const { data: agent } = await agentsDataProvider.getOne('agents', { id: 3 });
    expect(lastRequest().url).toBe(`${ORIGIN}/audit/v1/detection/agent/findByNameAndSurname/Mario%20Rossi`);
    expect(agent.email).toBe('mario.rossi@esempio.it');
    expect(clean()).toEqual([]);
  });

  it('searches the names, sorts by any name column and pages (the service answers all at once)', async () => {
    server.use(
      http.get(`${ORIGIN}/audit/v1/detection/agent/allNameAndSurname`, () =>
        HttpResponse.json([
          { id: 1, name: 'Mario', surname: 'Rossi', fullName: 'Mario Rossi' },
          { id: 2, name: 'Laura', surname: 'Bianchi', fullName: 'Laura Bianchi' },
          { id: 3, name: 'Anna', surname: 'Rossini', fullName: 'Anna Rossini' },
        ]),
      ),
    );
    const list = (params: Partial<Parameters<typeof agentsDataProvider.getList>[1]>) =>
      agentsDataProvider.getList('agents', {
        filter: {},
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'surname', order: 'ASC' },
        ...params,
      });
    expect((await list({ filter: { q: 'ross' } })).data.map((a) => a.fullName)).toEqual(['Mario Rossi', 'Anna Rossini']);
    expect((await list({ sort: { field: 'name', order: 'DESC' } })).data.map((a) => a.name)).toEqual([
      'Mario',
      'Laura',
      'Anna',
    ]);
    const page = await list({ pagination: { page: 2, perPage: 2 } });
    expect(page.data.map((a) => a.surname)).toEqual(['Rossini']);
    expect(page.total).toBe(3);
  });

  it('creates through agent/save', async () => {
    await agentsDataProvider.create('agents', {
      data: { name: 'Mario', surname: 'Rossi', email: 'mario.rossi@esempio.it' },
    });
    expect(lastRequest().operationId).toBe('createAgent');
    expect(clean()).toEqual([]);
  });

  it('refuses an update with a clear message (the service has none)', async () => {
    await expect(
      agentsDataProvider.update('agents', { id: 3, data: {}, previousData: { id: 3 } }),
    ).rejects.toThrow(/non consente di modificare/);
  });
});
