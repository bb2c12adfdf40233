import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import {
  listOpportunitiesRequest,
  opportunitiesDataProvider,
  opportunityFiltersOf,
  opportunityInputOf,
} from '@/dataProviders/opportunities';
import { opportunityNamesMethods } from '@/dataProviders/opportunityNames';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['opportunity'], seen)));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('opportunities list', () => {
  it('defaults to page 0, 10 per page, DESC, no sort field', () => {
    expect(listOpportunitiesRequest({})).toEqual({
      page: 0,
      perPage: 10,
      dir: 'DESC',
      field: undefined,
      filters: {},
    });
  });
  it('maps the q search to name and keeps the known filters as strings', () => {
    expect(
      opportunityFiltersOf({ q: 'primavera', status: 'won', salesId: 5, other: 'x', source: '' }),
    ).toEqual({ name: 'primavera', status: 'won', salesId: '5' });
  });
  it('without a sort field calls the plain path with the filters URL-encoded as plain parameters', async () => {
    await opportunitiesDataProvider.getList('opportunities', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: '', order: 'ASC' },
      filter: { q: 'città & mare', status: 'proposal' },
    });
    expect(seen[0].operationId).toBe('listOpportunities');
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/opportunity/v1/opportunity/list/page/1/perPage/25/sort/ASC');
    expect(url.searchParams.get('name')).toBe('città & mare');
    expect(url.searchParams.get('status')).toBe('proposal');
    expect(url.searchParams.has('filters')).toBe(false);
    expect(seen[0].violations).toEqual([]);
  });
  it('with a sort field calls the /sortValue/{field} path', async () => {
    await opportunitiesDataProvider.getList('opportunities', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'amount', order: 'DESC' },
      filter: {},
    });
    expect(seen[0].operationId).toBe('listOpportunitiesSortedBy');
    expect(new URL(seen[0].url).pathname).toBe(
      '/opportunity/v1/opportunity/list/page/0/perPage/10/sort/DESC/sortValue/amount',
    );
  });
  it('the opportunities of an advertiser come from getByAdvertiserId/{id}', async () => {
    await opportunitiesDataProvider.getManyReference('opportunities', {
      target: 'advertiserId',
      id: 12,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(seen[0].operationId).toBe('listOpportunitiesByAdvertiserId');
  });
  it('saves only the input fields, numbers as numbers', () => {
    expect(
      opportunityInputOf({
        id: '3',
        name: 'X',
        advertiserId: '12',
        salesId: 5,
        advertiserName: 'drop',
        amount: '100',
      }),
    ).toEqual({ id: 3, name: 'X', advertiserId: 12, salesId: 5, amount: 100 });
  });
  it('reads one by getOpportunityById/{id} and saves through save, within the document', async () => {
    await opportunitiesDataProvider.getOne('opportunities', { id: 3 });
    await opportunitiesDataProvider.create('opportunities', {
      data: { name: 'Nuova', advertiserId: 12, salesId: 5, status: 'new', amount: 100 },
    });
    expect(seen.map((s) => s.operationId)).toEqual(['getOpportunityById', 'saveOpportunity']);
    expect(new URL(seen[0].url).pathname).toBe('/opportunity/v1/opportunity/getOpportunityById/3');
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
});

describe('the estimates list’s names', () => {
  it('the opportunities’ names and their advertisers’ come from one getAllDto call, within the document', async () => {
    const names = await opportunityNamesMethods.opportunityNames('opportunities');
    expect(seen.map((s) => s.operationId)).toEqual(['listOpportunityDtos']);
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
    // The document's example: opportunity 21 of advertiser 12.
    expect(names).toEqual({
      opportunities: { 21: 'Campagna primavera 2026 – Milano centro' },
      advertisers: { 12: 'Torrefazione Milanese S.r.l.' },
    });
  });
});
