import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { assetIdsOf, circuitListCall, circuitsDataProvider, pageOf } from '@/dataProviders/circuits';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const bodies: unknown[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['circuits'], seen)));
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST' || request.method === 'PATCH') bodies.push(await request.clone().text());
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

const query = (i = 0) => Object.fromEntries(new URL(seen[i].url).searchParams.entries());

describe('circuits list', () => {
  it('lists by type (OOH when none) or by asset', () => {
    expect(circuitListCall({})).toEqual({ by: 'type', type: 'OOH' });
    expect(circuitListCall({ type: 'DOOH' })).toEqual({ by: 'type', type: 'DOOH' });
    expect(circuitListCall({ type: 'DOOH', assetId: '4' })).toEqual({ by: 'asset', assetId: 4 });
  });
  it('searches, sorts and pages the answered list locally', () => {
    const rows = [
      { id: 1, name: 'Beta', assets: [1] },
      { id: 2, name: 'Alfa', assets: [1, 2, 3] },
      { id: 3, name: 'Gamma centro', assets: [] },
    ];
    expect(pageOf(rows, { sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 2 } })).toEqual({ data: [rows[1], rows[0]], total: 3 });
    expect(pageOf(rows, { sort: { field: 'assets', order: 'DESC' } }).data.map((r) => r.id)).toEqual([2, 1, 3]);
    expect(pageOf(rows, { filter: { q: 'CENTRO' } }).data.map((r) => r.id)).toEqual([3]);
  });
  it('getList calls GET /circuit/byType?type', async () => {
    const result = await circuitsDataProvider.getList('circuits', { filter: { type: 'DOOH' }, pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' } });
    expect(seen[0].operationId).toBe('listCircuitsByType');
    expect(query()).toEqual({ type: 'DOOH' });
    expect(result.total).toBe(2);
  });
});

describe('circuits by id and type', () => {
  it('getOne sends id and the type from meta', async () => {
    await circuitsDataProvider.getOne('circuits', { id: 2, meta: { type: 'DOOH' } });
    expect(seen[0].operationId).toBe('getCircuitById');
    expect(query()).toEqual({ id: '2', type: 'DOOH' });
  });
  it('create sends name, type, playlistId, showId as query and the assets as body', async () => {
    await circuitsDataProvider.create('circuits', { data: { name: ' Totem Duomo ', type: 'DOOH', playlistId: 3, showId: '', assets: [{ id: 4 }, 5, 5] } });
    expect(seen[0].violations).toEqual([]);
    expect(query()).toEqual({ name: 'Totem Duomo', type: 'DOOH', playlistId: '3' });
    expect(JSON.parse(bodies[0] as string)).toEqual({ assets: [4, 5] });
  });
  it('create without assets sends no body', async () => {
    await circuitsDataProvider.create('circuits', { data: { name: 'Vuoto', type: 'OOH' } });
    expect(bodies[0]).toBe('');
  });
  it('update PATCHes id, name and type, with the new member list as body', async () => {
    await circuitsDataProvider.update('circuits', { id: 1, data: { name: 'Nuovo', assets: [1, 3] }, previousData: { id: 1, type: 'OOH' } });
    expect(seen[0].operationId).toBe('updateCircuit');
    expect(seen[0].method).toBe('PATCH');
    expect(query()).toEqual({ id: '1', name: 'Nuovo', type: 'OOH' });
    expect(JSON.parse(bodies[0] as string)).toEqual({ assets: [1, 3] });
  });
  it('update without a type is refused before any call', async () => {
    await expect(circuitsDataProvider.update('circuits', { id: 1, data: { name: 'X' }, previousData: { id: 1 } })).rejects.toMatchObject({ status: 400 });
    expect(seen).toHaveLength(0);
  });
  it('delete calls DELETE /circuit/delete?id; assets and by-asset use their endpoints', async () => {
    await circuitsDataProvider.delete('circuits', { id: 8, previousData: { id: 8 } });
    await circuitsDataProvider.getCircuitAssets('circuits', { id: 8, type: 'OOH' });
    await circuitsDataProvider.getCircuitsByAsset('circuits', { assetId: 3 });
    expect(seen.map((s) => s.operationId)).toEqual(['deleteCircuit', 'listCircuitAssets', 'listCircuitsByAssetId']);
    expect(query(0)).toEqual({ id: '8' });
    expect(query(1)).toEqual({ id: '8', type: 'OOH' });
    expect(query(2)).toEqual({ assetId: '3' });
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
  it('removeSystemFromCircuit reads the circuit and PATCHes its member list without the system', async () => {
    const after = await circuitsDataProvider.removeSystemFromCircuit('circuits', { id: 1, type: 'OOH', systemId: 3 });
    expect(seen.map((s) => s.operationId)).toEqual(['getCircuitById', 'updateCircuit']);
    expect(query(1)).toEqual({ id: '1', type: 'OOH' });
    expect(JSON.parse(bodies[0] as string)).toEqual({ assets: [1] });
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
    expect(after.id).toBe(1);
  });
  it('removeSystemFromCircuit sends nothing when the system is no member', async () => {
    await circuitsDataProvider.removeSystemFromCircuit('circuits', { id: 1, type: 'OOH', systemId: 9 });
    expect(seen.map((s) => s.operationId)).toEqual(['getCircuitById']);
    expect(bodies).toHaveLength(0);
  });
  it('keeps member ids unique and positive', () => {
    expect(assetIdsOf([3, '3', { id: 4 }, 0, 'x'])).toEqual([3, 4]);
    expect(assetIdsOf(undefined)).toBeUndefined();
  });
});
