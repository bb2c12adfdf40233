import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { teamInputOf, teamListRequest, teamsDataProvider } from '@/dataProviders/teams';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const bodies: unknown[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['systems'], seen)));
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== 'GET' && request.method !== 'DELETE') bodies.push(await request.clone().json().catch(() => undefined));
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  bodies.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'assetmanager' }, type: 'ROLE_ASSETMANAGER', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('teams list mapping', () => {
  it('maps react-admin pages (from 1) to p from 0 and perPage to n', () => {
    expect(teamListRequest({ pagination: { page: 3, perPage: 25 } }).path).toEqual({ p: 2, n: 25 });
  });
  it('sends sortOrder ASC by default and DESC when asked', () => {
    expect(teamListRequest({}).body.sortOrder).toBe('ASC');
    expect(teamListRequest({ sort: { field: 'companyName', order: 'DESC' } }).body.sortOrder).toBe('DESC');
  });
  it('puts every filter field in the body, drops empty ones and maps q to companyName', () => {
    const { body } = teamListRequest({
      filter: { companyName: ' Impianti ', address: '', vat: '123', mail: 'x@', phone: '02', providerType: ['installazione', 'installazione'] },
    });
    expect(body).toEqual({ sortOrder: 'ASC', companyName: 'Impianti', vat: '123', mail: 'x@', phone: '02', providerType: ['installazione'] });
    expect(teamListRequest({ filter: { q: 'Rossi' } }).body.companyName).toBe('Rossi');
  });
  it('getList posts to /team/list/page/{p}/perPage/{n} with the body and returns totalElements', async () => {
    const result = await teamsDataProvider.getList('teams', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'companyName', order: 'DESC' },
      filter: { providerType: ['manutenzione'] },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].violations).toEqual([]);
    expect(new URL(seen[0].url).pathname).toBe('/systems/v1/team/list/page/1/perPage/10');
    expect(bodies[0]).toEqual({ sortOrder: 'DESC', providerType: ['manutenzione'] });
    expect(result.total).toBe(1);
    expect(result.data[0].companyName).toBe('Impianti Milano S.r.l.');
  });
});

describe('teams writes', () => {
  it('create sends only TeamInput fields (no id, no empty strings) to /team/create/', async () => {
    await teamsDataProvider.create('teams', {
      data: { id: 9, companyName: 'Rossi S.r.l.', vat: '12345678901', providerType: ['altro'], mail: 'a@b.it', phone: '', address: ' Via Roma 1 ' },
    });
    expect(seen[0].violations).toEqual([]);
    expect(seen[0].operationId).toBe('createTeam');
    expect(bodies[0]).toEqual({ companyName: 'Rossi S.r.l.', vat: '12345678901', providerType: ['altro'], mail: 'a@b.it', address: 'Via Roma 1' });
  });
  it('update PUTs /team/update/{id}', async () => {
    await teamsDataProvider.update('teams', {
      id: 7,
      data: teamInputOf({ companyName: 'Rossi', vat: '12345678901', providerType: ['altro'], mail: 'a@b.it' }),
      previousData: { id: 7 },
    });
    expect(seen[0].operationId).toBe('updateTeam');
    expect(new URL(seen[0].url).pathname).toBe('/systems/v1/team/update/7');
  });
  it('delete calls DELETE /team/delete/{id}', async () => {
    await teamsDataProvider.delete('teams', { id: 4, previousData: { id: 4 } });
    expect(seen[0].operationId).toBe('deleteTeam');
    expect(seen[0].method).toBe('DELETE');
  });
  it('system-provider links: list by systemId, create with systemId, teamId and duties', async () => {
    await teamsDataProvider.systemProviders('teams', { systemId: 5 });
    await teamsDataProvider.createSystemProvider('teams', { data: { systemId: 5, teamId: 2, duties: ['installazione'] } });
    expect(seen.map((s) => s.operationId)).toEqual(['listSystemProviders', 'createSystemProvider']);
    expect(new URL(seen[0].url).searchParams.get('systemId')).toBe('5');
    expect(bodies[0]).toEqual({ systemId: 5, teamId: 2, duties: ['installazione'] });
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
  it('one team, the teams by ids, the provider types and a link\'s update and removal reach their operations', async () => {
    await teamsDataProvider.getOne('teams', { id: 2 });
    await teamsDataProvider.getMany('teams', { ids: [2] });
    await teamsDataProvider.providerTypes('teams');
    await teamsDataProvider.updateSystemProvider('teams', { id: 3, data: { systemId: 5, teamId: 2, duties: ['manutenzione'] } });
    await teamsDataProvider.deleteSystemProvider('teams', { id: 3 });
    expect(seen.map((s) => s.operationId)).toEqual([
      'getTeamById', 'listTeams', 'listTeamProviderTypes', 'updateSystemProvider', 'deleteSystemProvider',
    ]);
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
  it('a refused write rejects with the service message', async () => {
    await expect(
      teamsDataProvider.create('teams', { data: { companyName: 'X', vat: 'bad', providerType: [], mail: 'nope' } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
