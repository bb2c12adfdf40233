import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { authorizationInputOf, leaseInputOf, permitListQuery, permitsDataProvider } from '@/dataProviders/permits';
import { planningInputOf } from '@/dataProviders/plannings';
import { documentHandlers, type Seen } from './support/documentMock';

/*
 * What the authorization and lease screens send: the list's query in ra-data-simple-rest's
 * dialect, the record's own fields (its systems as ids, what is only read left out), and a
 * planning's confirmation carrying an override only when the screen gives a reason now.
 */

describe('authorizations and leases: requests', () => {
  it('asks a page of the list as sort, range and filter JSON, soonest end first by default, empty filters left out', () => {
    expect(permitListQuery({ pagination: { page: 2, perPage: 25 }, sort: { field: 'name', order: 'DESC' }, filter: { q: 'Milano', systemId: '' } })).toEqual({
      sort: '["name","DESC"]',
      range: '[25,49]',
      filter: '{"q":"Milano"}',
    });
    expect(permitListQuery({}).sort).toBe('["endDate","ASC"]');
  });

  it('sends the form’s fields with the systems as ids and drops what is only read', () => {
    const read = {
      id: 4,
      name: ' Autorizzazione CUP 2027/204 ',
      issuer: 'Comune di Milano',
      number: '',
      startDate: '2027-01-01',
      endDate: '2029-12-31',
      cost: '1250',
      notes: null,
      systemIds: ['1', '3', '3'],
      systems: [{ id: 1, code: 'MI-0001', name: 'Poster' }],
      documents: [],
      expiresIn: 400,
      lockVersion: 811,
    };
    expect(authorizationInputOf(read)).toEqual({
      id: 4,
      name: 'Autorizzazione CUP 2027/204',
      issuer: 'Comune di Milano',
      number: null,
      startDate: '2027-01-01',
      endDate: '2029-12-31',
      cost: 1250,
      notes: null,
      systemIds: [1, 3],
      lockVersion: 811,
    });
    expect(leaseInputOf({ name: 'Locazione', landlord: 'Condominio', annualCost: '3600', systemIds: [] })).toEqual({ name: 'Locazione', landlord: 'Condominio', annualCost: 3600, systemIds: [] });
  });

  it('sends a planning’s risk override only when it is a reason given now, never the one recorded', () => {
    const planning = { name: 'P', campaignId: 9, periodStart: '2027-03-01', periodEnd: '2027-03-31', status: 'confirmed' };
    expect(planningInputOf({ ...planning, riskOverride: { reason: 'Rinnovo richiesto' } }).riskOverride).toEqual({ reason: 'Rinnovo richiesto' });
    const recorded = { reason: 'Vecchio motivo', by: 'admin', at: '2026-11-27T14:02:00Z', faces: [] };
    expect(planningInputOf({ ...planning, riskOverride: recorded })).not.toHaveProperty('riskOverride');
  });
});

describe('authorizations and leases: calls held against systems.yaml', () => {
  const ORIGIN = 'http://svc.test';
  const server = setupServer();
  const seen: Seen[] = [];
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    server.use(...(await documentHandlers(ORIGIN, ['systems'], seen)));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    seen.length = 0;
    setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
    storeSession({ auth: 'tok', user: { username: 'assetmanager' }, type: 'ROLE_ASSETMANAGER', group: 'assets' });
  });
  afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

  it('lists with the total of Content-Range, reads, saves and uploads a document as the document asks', async () => {
    const list = await permitsDataProvider.getList('authorizations', { pagination: { page: 1, perPage: 25 }, sort: { field: 'endDate', order: 'ASC' }, filter: { q: 'Milano' } });
    expect(list.total).toBe(40);
    expect(list.data[0]).toMatchObject({ id: 1, systemIds: [1] });
    const one = await permitsDataProvider.getOne('leases', { id: 1 });
    expect(one.data).toMatchObject({ landlord: 'Comune di Milano', systemIds: [1] });
    await permitsDataProvider.update('leases', { id: 1, data: { ...one.data, annualCost: '5000' }, previousData: one.data });
    const document = await permitsDataProvider.uploadPermitDocument('authorizations', { id: 1, file: new File(['%PDF'], 'autorizzazione.pdf', { type: 'application/pdf' }) });
    expect(document.fileName).toBe('autorizzazione_2026-118.pdf');
    expect(seen.map((s) => [s.operationId, s.violations])).toEqual([
      ['listAuthorizationRecords', []],
      ['getLeaseById', []],
      ['updateLease', []],
      ['uploadAuthorizationDocument', []],
    ]);
  });
});
