// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { LINKS } from '../../sandbox/seed/teams';
import { SEED_DEVICES_IN_STOCK } from '../../sandbox/services/device';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openSmallSeed } from './support/smallSeed';

/* Teams, circuits, frames and devices in-process: filters, uniqueness rules, assets, in-use playlists. */

let db: Db;
let served: ServedSandbox;
let base = '';
let token = '';

const signIn = (username: string) => served.signIn(username);

async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

const systemsOf = async (type: 'OOH' | 'DOOH') =>
  (await db.query<{ id: string }>('SELECT id FROM systems WHERE type = $1 ORDER BY id LIMIT 3', [type])).rows.map((r) => Number(r.id));

beforeAll(async () => {
  db = await openSmallSeed();
  served = await serveSandbox(db);
  base = served.base;
  token = await signIn('assetmanager');
}, 180_000);

afterAll(async () => {
  await served?.close();
  await db.close();
});

type Team = { id: number; companyName: string; vat: string; providerType: string[] };
type Page = { content: Team[]; totalElements: number; totalPages: number; number: number; size: number };

describe('teams', () => {
  it('the seed has about thirty teams with valid VAT numbers', async () => {
    const all = await api<Team[]>('GET', '/systems/v1/team/getAll');
    expect(all.body.length).toBeGreaterThanOrEqual(30);
    expect(all.body.every((t) => /^[0-9]{11}$/.test(t.vat))).toBe(true);
  });
  it('filters by provider type (any of) and name (contains, any case), sorted by name', async () => {
    const page = await api<Page>('POST', '/systems/v1/team/list/page/0/perPage/100', { providerType: ['pulizia'] });
    expect(page.status).toBe(200);
    expect(page.body.content.length).toBeGreaterThan(0);
    expect(page.body.content.every((t) => t.providerType.includes('pulizia'))).toBe(true);
    const names = page.body.content.map((t) => t.companyName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byName = await api<Page>('POST', '/systems/v1/team/list/page/0/perPage/10', { companyName: 'AFFISSIONI' });
    expect(byName.body.content.length).toBeGreaterThan(0);
    expect(byName.body.content.every((t) => t.companyName.toLowerCase().includes('affissioni'))).toBe(true);
  });
  it('pages from 0 and sorts DESC when asked', async () => {
    const asc = await api<Page>('POST', '/systems/v1/team/list/page/1/perPage/5', {});
    const desc = await api<Page>('POST', '/systems/v1/team/list/page/0/perPage/5', { sortOrder: 'DESC' });
    expect(asc.body).toMatchObject({ number: 1, size: 5 });
    expect(asc.body.totalPages).toBe(Math.ceil(asc.body.totalElements / 5));
    expect(desc.body.content[0].companyName.localeCompare(desc.body.content[4].companyName)).toBeGreaterThan(0);
  });
  it('a VAT number in use is a 409', async () => {
    const [first] = (await api<Team[]>('GET', '/systems/v1/team/getAll')).body;
    const again = await api('POST', '/systems/v1/team/create/', { companyName: 'Doppione S.r.l.', vat: first.vat, providerType: ['altro'], mail: 'a@b.it' });
    expect(again.status).toBe(409);
  });
  it('a team linked twice to one system is a 409; deleting the team removes its links', async () => {
    const [systemId] = await systemsOf('OOH');
    const team = await api<Team>('POST', '/systems/v1/team/create/', { companyName: 'Prova Link S.r.l.', vat: '01234567897', providerType: ['installazione'], mail: 'link@prova.it' });
    expect(team.status).toBe(201);
    const link = await api<{ id: number; team: Team }>('POST', '/systems/v1/team/systemProvider/create', { systemId, teamId: team.body.id, duties: ['installazione'] });
    expect(link.status).toBe(201);
    expect(link.body.team.companyName).toBe('Prova Link S.r.l.');
    const twice = await api('POST', '/systems/v1/team/systemProvider/create', { systemId, teamId: team.body.id, duties: ['manutenzione'] });
    expect(twice.status).toBe(409);
    await api('DELETE', `/systems/v1/team/delete/${team.body.id}`);
    const links = await api<Array<{ teamId: number }>>('GET', `/systems/v1/team/systemProvider/getBySystemId?systemId=${systemId}`);
    expect(links.body.some((l) => l.teamId === team.body.id)).toBe(false);
  });
  it('deleting a system removes its team links', async () => {
    const systems = await systemsOf('OOH');
    const systemId = systems[systems.length - 1];
    const [team] = (await api<Team[]>('GET', '/systems/v1/team/getAll')).body;
    const link = await api('POST', '/systems/v1/team/systemProvider/create', { systemId, teamId: team.id, duties: ['pulizia'] });
    expect(link.status).toBe(201);
    const linksOf = async () =>
      (await db.query("SELECT id FROM records WHERE collection = $1 AND data->>'systemId' = $2", [LINKS, String(systemId)])).rows.length;
    expect(await linksOf()).toBeGreaterThan(0);
    expect((await api('DELETE', `/systems/v1/system/delete?id=${systemId}`)).status).toBe(200);
    expect(await linksOf()).toBe(0);
  });
  it('a link to an unknown system is a 422 naming the field', async () => {
    const [team] = (await api<Team[]>('GET', '/systems/v1/team/getAll')).body;
    const link = await api<{ errors: unknown[] }>('POST', '/systems/v1/team/systemProvider/create', { systemId: 99999999, teamId: team.id, duties: ['altro'] });
    expect(link.status).toBe(422);
    expect(link.body.errors).toEqual([{ path: '/body/systemId', message: 'impianto inesistente: 99999999' }]);
  });
});

describe('circuits', () => {
  it('creates a circuit with assets, lists its assets as system summaries, and finds it by asset', async () => {
    const ooh = await systemsOf('OOH');
    const created = await api<{ id: number; assets: number[] }>('POST', '/circuits/v1/circuit/create?name=Prova%20Assets&type=OOH', { assets: ooh.slice(0, 2) });
    expect(created.status).toBe(201);
    const assets = await api<Array<{ id: number; code: string; type: string; municipality: string }>>('GET', `/circuits/v1/circuit/assetsByCircuitId?id=${created.body.id}&type=OOH`);
    expect(assets.body.map((a) => a.id).sort()).toEqual(ooh.slice(0, 2).sort());
    expect(assets.body.every((a) => a.type === 'OOH' && a.code && a.municipality)).toBe(true);
    const byAsset = await api<Array<{ id: number }>>('GET', `/circuits/v1/circuit/byAssetId?assetId=${ooh[0]}`);
    expect(byAsset.body.map((c) => c.id)).toContain(created.body.id);
  });
  it('refuses a system of the other type (409), a duplicate name (409) and the wrong type on read (404)', async () => {
    const dooh = await systemsOf('DOOH');
    expect((await api('POST', '/circuits/v1/circuit/create?name=Misto&type=OOH', { assets: dooh.slice(0, 1) })).status).toBe(409);
    const unknown = await api<{ errors: unknown[] }>('POST', '/circuits/v1/circuit/create?name=Fantasma&type=OOH', { assets: [99_999_999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ path: '/body/assets', message: 'impianto inesistente: 99999999' }]);
    const created = await api<{ id: number }>('POST', '/circuits/v1/circuit/create?name=Unico&type=OOH');
    expect(created.status).toBe(201);
    expect((await api('POST', '/circuits/v1/circuit/create?name=unico&type=OOH')).status).toBe(409);
    expect((await api('GET', `/circuits/v1/circuit/id?id=${created.body.id}&type=DOOH`)).status).toBe(404);
  });
  it('update without a body keeps the members; with one it replaces them', async () => {
    const ooh = await systemsOf('OOH');
    const created = await api<{ id: number }>('POST', '/circuits/v1/circuit/create?name=Da%20aggiornare&type=OOH', { assets: ooh });
    const renamed = await api<{ name: string; assets: number[] }>('PATCH', `/circuits/v1/circuit/update?id=${created.body.id}&name=Aggiornato&type=OOH`);
    expect(renamed.body).toMatchObject({ name: 'Aggiornato', assets: ooh });
    const emptied = await api<{ assets: number[] }>('PATCH', `/circuits/v1/circuit/update?id=${created.body.id}&type=OOH`, { assets: [] });
    expect(emptied.body.assets).toEqual([]);
    expect((await api('DELETE', `/circuits/v1/circuit/delete?id=${created.body.id}`)).status).toBe(200);
    expect((await api('DELETE', `/circuits/v1/circuit/delete?id=${created.body.id}`)).status).toBe(404);
  });
  it('the sellers and the manager read the circuit list (to pick the circuit they sell); only the asset manager changes circuits', async () => {
    const created = await api<{ id: number }>('POST', '/circuits/v1/circuit/create?name=Letto%20dai%20venditori&type=OOH');
    expect(created.status).toBe(201);
    for (const username of ['sales', 'salesleader', 'manager']) {
      const bearer = await signIn(username);
      const as = (method: string, path: string) => fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${bearer}` } });
      const list = await as('GET', '/circuits/v1/circuit/byType?type=OOH');
      expect([username, list.status]).toEqual([username, 200]);
      expect(((await list.json()) as Array<{ id: number }>).map((c) => c.id)).toContain(created.body.id);
      expect([username, (await as('POST', '/circuits/v1/circuit/create?name=Mai&type=OOH')).status]).toEqual([username, 403]);
      expect([username, (await as('DELETE', `/circuits/v1/circuit/delete?id=${created.body.id}`)).status]).toEqual([username, 403]);
    }
    // A role with no use for circuits still reads none.
    const planner = await signIn('planner');
    expect((await fetch(`${base}/circuits/v1/circuit/byType?type=OOH`, { headers: { Authorization: `Bearer ${planner}` } })).status).toBe(403);
  });
});

describe('devices, shows and playlists', () => {
  it('the seed has about 300 devices on DOOH systems and play logs over two years', async () => {
    const list = await api<unknown[]>('GET', '/device/v1/devices?range=[0,9]');
    expect(list.headers.get('Content-Range')).toMatch(/^devices 0-9\/300$/);
    // Play logs are the media monitor's (x-roles): read as the admin.
    const admin = await signIn('admin');
    const response = await fetch(`${base}/device/v1/playLogs?sort=["playedAt","ASC"]&range=[0,0]`, { headers: { Authorization: `Bearer ${admin}` } });
    const logs = { headers: response.headers, body: (await response.json()) as Array<{ playedAt: string }> };
    const total = Number(/\/(\d+)$/.exec(logs.headers.get('Content-Range') ?? '')?.[1]);
    expect(total).toBeGreaterThan(10000);
    expect(Date.now() - Date.parse(logs.body[0].playedAt)).toBeGreaterThan(700 * 86_400_000);
  });
  it('a playlist used by a show cannot be deleted (409); once free it can', async () => {
    const playlist = await api<{ id: number }>('POST', '/device/v1/playlists', { name: 'In uso', items: [{ creativeId: 1, durationSeconds: 10, order: 1 }] });
    const show = await api<{ id: number }>('POST', '/device/v1/shows', { name: 'Show prova', playlistId: playlist.body.id, startDate: '2026-03-01', endDate: '2026-03-31', deviceIds: [] });
    expect(show.status).toBe(201);
    const refused = await api<{ message: string }>('DELETE', `/device/v1/playlists/${playlist.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Show prova');
    await api('DELETE', `/device/v1/shows/${show.body.id}`);
    expect((await api('DELETE', `/device/v1/playlists/${playlist.body.id}`)).status).toBe(200);
  });
  it('two items with the same order are a 400; a show ending before it starts is a 400', async () => {
    expect((await api('POST', '/device/v1/playlists', { name: 'Doppio', items: [{ creativeId: 1, durationSeconds: 10, order: 1 }, { creativeId: 2, durationSeconds: 10, order: 1 }] })).status).toBe(400);
    const [{ id }] = (await api<Array<{ id: number }>>('GET', '/device/v1/playlists?range=[0,0]')).body;
    expect((await api('POST', '/device/v1/shows', { name: 'Rovescio', playlistId: id, startDate: '2026-03-31', endDate: '2026-03-01', deviceIds: [] })).status).toBe(400);
  });
  it('deleting a device takes it out of its shows; a duplicate serial is a 409', async () => {
    const [systemId] = await systemsOf('DOOH');
    const device = await api<{ id: number; serial: string }>('POST', '/device/v1/devices', { systemId, serial: 'SN-PROVA-1', model: 'LG 55XS4F', resolution: '1920x1080' });
    expect(device.status).toBe(201);
    expect((await api('POST', '/device/v1/devices', { systemId, serial: 'sn-prova-1', model: 'LG', resolution: '1920x1080' })).status).toBe(409);
    const [{ id: playlistId }] = (await api<Array<{ id: number }>>('GET', '/device/v1/playlists?range=[0,0]')).body;
    const show = await api<{ id: number }>('POST', '/device/v1/shows', { name: 'Con device', playlistId, startDate: '2026-01-01', endDate: '2026-01-31', deviceIds: [device.body.id] });
    const byDevice = await api<Array<{ id: number }>>('GET', `/device/v1/shows?filter=${encodeURIComponent(JSON.stringify({ deviceId: device.body.id }))}`);
    expect(byDevice.body.map((s) => s.id)).toEqual([show.body.id]);
    await api('DELETE', `/device/v1/devices/${device.body.id}`);
    const after = await api<{ deviceIds: number[] }>('GET', `/device/v1/shows/${show.body.id}`);
    expect(after.body.deviceIds).toEqual([]);
  });
  it('a device in stock (no system) is stored, found by installed=false, attached and detached; an unknown system is a 422', async () => {
    const inStock = (installed: boolean) =>
      api<Array<{ id: number; systemId?: number }>>('GET', `/device/v1/devices?filter=${encodeURIComponent(JSON.stringify({ installed }))}`);
    // The seed leaves a few players in stock, the total unchanged.
    const seeded = await inStock(false);
    expect(seeded.status).toBe(200);
    expect(seeded.body.length).toBe(SEED_DEVICES_IN_STOCK);
    expect(seeded.body.every((d) => !('systemId' in d))).toBe(true);
    const input = { serial: 'SN-STOCK-1', model: 'LG 55XS4F', resolution: '1920x1080' };
    const device = await api<{ id: number; systemId?: number }>('POST', '/device/v1/devices', input);
    expect(device.status).toBe(201);
    expect(device.body).not.toHaveProperty('systemId');
    expect((await inStock(false)).body.map((d) => d.id)).toContain(device.body.id);
    expect((await inStock(true)).body.map((d) => d.id)).not.toContain(device.body.id);
    // Attached: on its system, no longer in stock.
    const [systemId] = await systemsOf('DOOH');
    const attached = await api<{ systemId?: number }>('PUT', `/device/v1/devices/${device.body.id}`, { ...input, id: device.body.id, systemId });
    expect(attached.status).toBe(200);
    expect(attached.body.systemId).toBe(systemId);
    const onSystem = await api<Array<{ id: number }>>('GET', `/device/v1/devices?filter=${encodeURIComponent(JSON.stringify({ systemId }))}`);
    expect(onSystem.body.map((d) => d.id)).toContain(device.body.id);
    expect((await inStock(false)).body.map((d) => d.id)).not.toContain(device.body.id);
    // Detached: the full record sent without its system.
    const detached = await api<{ systemId?: number }>('PUT', `/device/v1/devices/${device.body.id}`, { ...input, id: device.body.id });
    expect(detached.status).toBe(200);
    expect(detached.body).not.toHaveProperty('systemId');
    expect((await api('GET', `/device/v1/devices/${device.body.id}`)).body).not.toHaveProperty('systemId');
    expect((await inStock(false)).body.map((d) => d.id)).toContain(device.body.id);
    // A given system must still exist.
    const unknown = await api<{ errors: unknown[] }>('PUT', `/device/v1/devices/${device.body.id}`, { ...input, id: device.body.id, systemId: 99_999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ path: '/body/systemId', message: 'impianto inesistente: 99999999' }]);
    expect((await api('POST', '/device/v1/devices', { ...input, serial: 'SN-STOCK-2', systemId: 99_999_999 })).status).toBe(422);
    await api('DELETE', `/device/v1/devices/${device.body.id}`);
  });
  it('frames: one position per system (409)', async () => {
    const [systemId] = await systemsOf('OOH');
    const frames = await api<Array<{ position: number }>>('GET', `/frame/v1/frames?filter=${encodeURIComponent(JSON.stringify({ systemId }))}`);
    expect(frames.body.length).toBeGreaterThan(0);
    const taken = frames.body[0].position;
    expect((await api('POST', '/frame/v1/frames', { systemId, name: 'Doppia', position: taken, width: 600, height: 300 })).status).toBe(409);
  });
});
