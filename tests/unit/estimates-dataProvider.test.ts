import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { catalogInputOf, catalogsDataProvider } from '@/dataProviders/catalogs';
import { localList } from '@/dataProviders/shared';
import { estimateSaveOf, estimatesDataProvider, listEstimatesRequest } from '@/dataProviders/estimates';
import { productSaveOf, productsDataProvider } from '@/dataProviders/products';
import { sharesDataProvider } from '@/dataProviders/shares';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['estimate', 'product', 'catalogue', 'share'], seen)));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('estimates', () => {
  it('defaults to page 0, 9999 per page, ascending by name', () => {
    expect(listEstimatesRequest({})).toEqual({ path: { p: 0, n: 9999, dir: 'ASC' }, query: { sortValue: 'name' } });
    expect(listEstimatesRequest({ pagination: { page: 2, perPage: 25 }, sort: { field: 'total', order: 'DESC' } })).toEqual({ path: { p: 1, n: 25, dir: 'DESC' }, query: { sortValue: 'total' } });
  });
  it('getList calls all/page/{p}/perPage/{n}/sort/{dir}/?sortValue', async () => {
    await estimatesDataProvider.getList('estimates', { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(seen[0].operationId).toBe('listEstimates');
    expect(new URL(seen[0].url).pathname).toBe('/estimate/estimate/all/page/0/perPage/25/sort/ASC/');
    expect(seen[0].violations).toEqual([]);
  });
  it('saves with opportunityId, advertiserId and salesId as query and the lines in the body', async () => {
    const data = { opportunityId: '21', advertiserId: 12, salesId: 5, name: ' P ', total: 1, lines: [{ productId: '3', catalogId: 1, quantity: '10', periodStart: '2026-04-06', periodEnd: '2026-04-19', unitPrice: 450, discountPercent: 15, total: 9 }] };
    const { query, body } = estimateSaveOf(data);
    expect(query).toEqual({ opportunityId: 21, advertiserId: 12, salesId: 5 });
    expect(body).toEqual({ name: 'P', lines: [{ productId: 3, catalogId: 1, quantity: 10, periodStart: '2026-04-06', periodEnd: '2026-04-19', unitPrice: 450, discountPercent: 15 }] });
    await estimatesDataProvider.create('estimates', { data });
    expect(seen[0].operationId).toBe('saveEstimate');
    expect(seen[0].violations).toEqual([]);
  });
  it('a line that sells faces sends its faces (numbers, each once) and its circuit; a line without faces sends neither', async () => {
    const line = { productId: 3, catalogId: 1, quantity: 2, periodStart: '2026-04-06', periodEnd: '2026-04-19', unitPrice: 450, discountPercent: 0 };
    const data = { opportunityId: 21, advertiserId: 12, salesId: 5, name: 'F', lines: [{ ...line, frameIds: ['11', 12, 12], circuitId: '4' }, { ...line, frameIds: [] }] };
    const { body } = estimateSaveOf(data);
    expect(body.lines).toEqual([{ ...line, frameIds: [11, 12], circuitId: 4 }, line]);
    await estimatesDataProvider.create('estimates', { data });
    expect(seen[0].violations).toEqual([]);
  });
  it('reads the commission, changes the status and lists an opportunity’s estimates', async () => {
    await estimatesDataProvider.estimateCommission('estimates', { id: 42 });
    await estimatesDataProvider.changeEstimateStatus('estimates', { id: 42, status: 'sent' });
    await estimatesDataProvider.getManyReference('estimates', { target: 'opportunityId', id: 21, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(seen.map((s) => s.operationId)).toEqual(['calculateEstimateCommission', 'changeEstimateStatus', 'listEstimatesByOpportunityId']);
    expect(new URL(seen[1].url).search).toBe('?estimateId=42&status=sent');
  });
});

describe('products and price lists', () => {
  it('saves a product with catalogIds repeated per catalog', async () => {
    expect(productSaveOf({ code: 'A-1', name: 'A', unit: 'week', basePrice: '10', catalogIds: [1, 2, 2], photoIds: [3] })).toEqual({
      body: { code: 'A-1', name: 'A', unit: 'week', basePrice: 10 },
      catalogIds: [1, 2],
    });
    await productsDataProvider.create('products', { data: { code: 'POS-1', name: 'Poster', unit: 'week', basePrice: 5, catalogIds: [1, 2] } });
    expect(seen[0].operationId).toBe('saveProduct');
    expect(new URL(seen[0].url).search).toBe('?catalogIds=1&catalogIds=2');
    expect(seen[0].violations).toEqual([]);
  });
  it('lists the products of a catalog', async () => {
    await productsDataProvider.getList('products', { filter: { catalogId: 2 }, pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' } });
    expect(new URL(seen[0].url).search).toBe('?catalogId=2');
  });
  it('catalogs: create through /save, update through /update/{id}, body without empty fields', async () => {
    expect(catalogInputOf({ name: 'L', validFrom: '2026-01-01', validTo: '', prices: [{ productId: '3', price: '4' }, { productId: '' }] })).toEqual({ name: 'L', validFrom: '2026-01-01', prices: [{ productId: 3, price: 4 }] });
    await catalogsDataProvider.update('catalogs', { id: 1, data: { name: 'L', validFrom: '2026-01-01' }, previousData: { id: 1 } });
    expect(seen[0].operationId).toBe('updateCatalog');
  });
  it('saves a price list with its seasons (percent as a number) and circuit packages (a circuit and its price)', async () => {
    const data = {
      name: 'L',
      validFrom: '2026-01-01',
      seasons: [{ name: ' Saldi ', from: '2026-07-01', to: '2026-07-31', percent: '20' }, {}],
      packages: [{ circuitId: '2', price: '9000' }, { circuitId: '' }],
    };
    expect(catalogInputOf(data)).toEqual({
      name: 'L',
      validFrom: '2026-01-01',
      seasons: [{ name: 'Saldi', from: '2026-07-01', to: '2026-07-31', percent: 20 }],
      packages: [{ circuitId: 2, price: 9000 }],
    });
    await catalogsDataProvider.create('catalogs', { data });
    expect(seen[0].operationId).toBe('createCatalog');
    expect(seen[0].violations).toEqual([]);
  });
  it('catalogs and products: every other CRUD call reaches its operation within the documents', async () => {
    await catalogsDataProvider.getList('catalogs', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    await catalogsDataProvider.getOne('catalogs', { id: 1 });
    await catalogsDataProvider.getManyReference('catalogs', { target: 'productId', id: 3, pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    await catalogsDataProvider.create('catalogs', { data: { name: 'L', validFrom: '2026-01-01' } });
    await catalogsDataProvider.delete('catalogs', { id: 1, previousData: { id: 1 } });
    await productsDataProvider.getOne('products', { id: 4 });
    await productsDataProvider.delete('products', { id: 4, previousData: { id: 4 } });
    expect(seen.map((s) => s.operationId)).toEqual([
      'listCatalogs', 'getCatalogById', 'listCatalogsByProductId', 'createCatalog', 'deleteCatalog', 'getProductById', 'deleteProduct',
    ]);
    expect(new URL(seen[6].url).search).toBe('?productId=4');
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
  it('pages, sorts and searches a loaded list locally', () => {
    const rows = [{ id: 1, name: 'Beta' }, { id: 2, name: 'Alfa' }, { id: 3, name: 'Gamma' }];
    expect(localList(rows, { sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 2 } })).toEqual({ data: [rows[1], rows[0]], total: 3 });
    expect(localList(rows, { filter: { q: 'gam' } }).data).toEqual([rows[2]]);
  });
});

describe('shares', () => {
  it('lists by resource, creates, and sends the link', async () => {
    await sharesDataProvider.getList('shares', { filter: { resourceType: 'estimate', resourceId: 42 }, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } });
    await sharesDataProvider.create('shares', { data: { resourceType: 'estimate', resourceId: 42 } });
    await sharesDataProvider.sendShareLink('shares', { id: 7, input: { to: 'mario.rossi@example.it' } });
    expect(seen.map((s) => s.operationId)).toEqual(['listSharesByResource', 'createShare', 'sendShareLink']);
    expect(seen.every((s) => s.violations.length === 0)).toBe(true);
  });
});
