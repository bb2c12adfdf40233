import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { devicesDataProvider } from '@/dataProviders/devices';
import { frameInputOf } from '@/dataProviders/frames';
import { framesDataProvider } from '@/dataProviders/frames';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const auth: string[] = [];
const bodies: unknown[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['device', 'frame'], seen)));
  server.events.on('request:start', async ({ request }) => {
    auth.push(request.headers.get('Authorization') ?? '');
    if (request.method === 'POST' || request.method === 'PUT') bodies.push(await request.clone().json());
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  auth.length = 0;
  bodies.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'session-token', user: { username: 'admin' }, type: 'ROLE_ADMIN', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

const query = (i = 0) => Object.fromEntries(new URL(seen[i].url).searchParams.entries());

describe('devices over ra-data-simple-rest', () => {
  it('getList sends sort, range and filter as JSON with the session bearer', async () => {
    await devicesDataProvider.getList('devices', { pagination: { page: 2, perPage: 25 }, sort: { field: 'serial', order: 'DESC' }, filter: { status: 'online', q: '' } });
    expect(seen[0].operationId).toBe('listDevices');
    expect(seen[0].violations).toEqual([]);
    expect(query()).toEqual({ sort: '["serial","DESC"]', range: '[25,49]', filter: '{"status":"online"}' });
    expect(auth[0]).toBe('Bearer session-token');
  });
  it('getMany asks for the ids in one call', async () => {
    await devicesDataProvider.getMany('devices', { ids: [1, 2] });
    expect(seen).toHaveLength(1);
    expect(query()).toEqual({ filter: '{"id":[1,2]}' });
  });
  it('create drops empty optional fields; update sends the full record with its id', async () => {
    await devicesDataProvider.create('devices', { data: { systemId: 2, serial: 'SN-1', model: 'LG', resolution: '1920x1080', ipAddress: '', lastSeenAt: null } });
    await devicesDataProvider.update('devices', { id: 1, data: { id: 1, systemId: 2, serial: 'SN-1', model: 'LG', resolution: '1920x1080', status: 'maintenance' }, previousData: { id: 1 } });
    expect(seen.map((s) => s.operationId)).toEqual(['createDevice', 'updateDevice']);
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
    expect(bodies[0]).toEqual({ systemId: 2, serial: 'SN-1', model: 'LG', resolution: '1920x1080' });
    expect(bodies[1]).toMatchObject({ id: 1, status: 'maintenance' });
  });
  it('lists the devices in stock with the installed filter', async () => {
    await devicesDataProvider.getList('devices', { pagination: { page: 1, perPage: 100 }, sort: { field: 'serial', order: 'ASC' }, filter: { installed: false } });
    expect(seen[0].operationId).toBe('listDevices');
    expect(seen[0].violations).toEqual([]);
    expect(JSON.parse(query().filter)).toEqual({ installed: false });
  });
  it('attachDevice reads the device and sends it whole with the new system', async () => {
    const device = await devicesDataProvider.attachDevice('devices', { id: 1, systemId: 7 });
    expect(seen.map((s) => s.operationId)).toEqual(['getDevice', 'updateDevice']);
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
    expect(new URL(seen[1].url).pathname).toMatch(/\/devices\/1$/);
    // The document's example device (SN-TOT-0001 on system 2), moved to system 7.
    expect(bodies[0]).toMatchObject({ id: 1, systemId: 7, serial: 'SN-TOT-0001', model: 'Samsung OM55N', resolution: '1080x1920' });
    expect(device.serial).toBe('SN-TOT-0001');
  });
  it('detachDevice sends the device whole without its system (back in stock)', async () => {
    await devicesDataProvider.detachDevice('devices', { id: 1 });
    expect(seen.map((s) => s.operationId)).toEqual(['getDevice', 'updateDevice']);
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
    expect(bodies[0]).toMatchObject({ id: 1, serial: 'SN-TOT-0001' });
    expect(bodies[0]).not.toHaveProperty('systemId');
  });
  it('shows, playlists and play logs use their own paths', async () => {
    await devicesDataProvider.getList('shows', { pagination: { page: 1, perPage: 10 }, sort: { field: 'startDate', order: 'DESC' }, filter: { deviceId: 3 } });
    await devicesDataProvider.getOne('playlists', { id: 1 });
    await devicesDataProvider.getList('playLogs', { pagination: { page: 1, perPage: 5 }, sort: { field: 'playedAt', order: 'DESC' }, filter: {} });
    expect(seen.map((s) => s.operationId)).toEqual(['listShows', 'getPlaylist', 'listPlayLogs']);
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
  it('frames are listed by system', async () => {
    await framesDataProvider.getManyReference('frames', { target: 'systemId', id: 7, pagination: { page: 1, perPage: 50 }, sort: { field: 'position', order: 'ASC' }, filter: {} });
    expect(seen[0].operationId).toBe('listFrames');
    expect(JSON.parse(query().filter)).toEqual({ systemId: 7 });
    expect(auth[0]).toBe('Bearer session-token');
  });
  it('a frame sends FrameInput’s fields: empty ones left out, false and 0 kept, others dropped', () => {
    expect(frameInputOf({ id: 4, systemId: 7, name: 'Faccia A', position: 0, width: 600, height: '', digital: false, status: null, createdAt: 'x' })).toEqual({
      id: 4, systemId: 7, name: 'Faccia A', position: 0, width: 600, digital: false,
    });
  });
});
