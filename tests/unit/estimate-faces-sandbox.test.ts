// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { insertRecord, updateRecord } from '../../sandbox/store';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openSmallSeed } from './support/smallSeed';

/*
 * Estimates that sell faces (priced by the price list for the line's period, each face of the
 * product's system type), options released when their estimate is refused or deleted, and players
 * that go only on DOOH systems.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
let served: ServedSandbox;
let base: string;
let admin: string;
let posterFaces: number[];
let totemFace: number;
let oohSystem: { id: number; code: string };
let doohSystem: number;
let PRODUCT: number;
let CATALOG: number;

beforeAll(async () => {
  db = await openSmallSeed();
  const frames = async (systemType: string, type: string) =>
    (
      await db.query<{ id: string; system_id: string; code: string }>(
        `SELECT f.id, s.id AS system_id, s.code FROM records f JOIN systems s ON s.id = (f.data->>'systemId')::bigint
          WHERE f.collection = 'frames' AND s.system_type = $1 AND s.type = $2 ORDER BY f.id LIMIT 3`,
        [systemType, type],
      )
    ).rows;
  const posters = await frames('poster', 'OOH');
  posterFaces = posters.slice(0, 2).map((r) => Number(r.id));
  oohSystem = { id: Number(posters[0].system_id), code: posters[0].code };
  totemFace = Number((await frames('totem', 'DOOH'))[0]?.id ?? (await frames('totem', 'OOH'))[0].id);
  doohSystem = Number((await db.query<{ id: string }>("SELECT id FROM systems WHERE type = 'DOOH' ORDER BY id LIMIT 1")).rows[0].id);
  // A poster product sold by the 14-day cycle at 500 € in a list with a +20% season over the second week.
  PRODUCT = (await insertRecord(db, 'products', { code: 'P-QT', name: 'Poster a quattordicina', unit: 'cycle14', basePrice: 400, systemType: 'poster', catalogIds: [], photoIds: [], active: true })).id;
  CATALOG = (
    await insertRecord(db, 'catalogs', {
      name: 'Listino facce',
      validFrom: '2026-01-01',
      currency: 'EUR',
      active: true,
      prices: [{ productId: PRODUCT, price: 500 }],
      seasons: [{ name: 'Saldi', from: '2026-07-08', to: '2026-07-14', percent: 20 }],
      packages: [],
    })
  ).id;
  served = await serveSandbox(db);
  base = served.base;
  admin = await signIn('admin');
});

afterAll(async () => {
  await served?.close();
  await db.close();
});

const signIn = (username: string) => served.signIn(username);

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${admin}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & Array<Record<string, unknown>> };
}

const SAVE = '/estimate/estimate/save?opportunityId=21&advertiserId=3&salesId=5';
const faceLine = (frameIds: number[], extra: Record<string, unknown> = {}) => ({
  productId: PRODUCT,
  catalogId: CATALOG,
  quantity: 99,
  unitPrice: 1,
  discountPercent: 10,
  periodStart: '2026-07-01',
  periodEnd: '2026-07-14',
  frameIds,
  ...extra,
});

describe('an estimate line that names faces', () => {
  it('is priced by the price list for its period: one unit per face at the price of one face, the seasons met in `pricing`', async () => {
    const { status, body } = await api(SAVE, { method: 'POST', body: { name: 'Facce', lines: [faceLine(posterFaces)] } });
    expect(status).toBe(201);
    const line = (body.lines as Array<Record<string, unknown>>)[0];
    // 500 € for 14 days = 35,714… a day; 7 days at +20%: 250 + 300 = 550 a face.
    expect(line).toMatchObject({ frameIds: posterFaces, quantity: 2, unitPrice: 550, discountPercent: 10, total: 990 });
    expect(line.pricing).toEqual({ unit: 'cycle14', unitPrice: 500, days: 14, seasons: [{ name: 'Saldi', percent: 20, days: 7 }], packageCircuitId: null });
    expect(body.total).toBe(990);
    const read = await api(`/estimate/estimate/${String(body.id)}`);
    expect((read.body.lines as Array<Record<string, unknown>>)[0].pricing).toEqual(line.pricing);
  });

  it('refuses (400) a face whose system is not of the product\'s type, naming the face', async () => {
    const name = (await db.query<{ data: { name: string } }>("SELECT data FROM records WHERE collection = 'frames' AND id = $1", [totemFace])).rows[0].data.name;
    const { status, body } = await api(SAVE, { method: 'POST', body: { name: 'Facce sbagliate', lines: [faceLine([posterFaces[0], totemFace])] } });
    expect(status).toBe(400);
    const error = (body.errors as Array<{ path: string; message: string }>)[0];
    expect(error.path).toBe('/body/lines/0/frameIds');
    expect(error.message).toContain(name);
    expect(error.message).toContain('Poster');
    expect(error.message).not.toContain(`Faccia ${posterFaces[0]} `);
  });

  it('refuses (404) a face that does not exist', async () => {
    const { status, body } = await api(SAVE, { method: 'POST', body: { name: 'Facce assenti', lines: [faceLine([987654321])] } });
    expect(status).toBe(404);
    expect(String(body.message)).toContain('987654321');
  });

  it('a line without faces keeps the quantity and price sent', async () => {
    const { status, body } = await api(SAVE, { method: 'POST', body: { name: 'Prodotti', lines: [{ ...faceLine([]), frameIds: undefined }] } });
    expect(status).toBe(201);
    expect((body.lines as Array<Record<string, unknown>>)[0]).toMatchObject({ quantity: 99, unitPrice: 1 });
    expect((body.lines as Array<Record<string, unknown>>)[0].pricing).toBeUndefined();
  });
});

describe('the options of an estimate', () => {
  async function estimateWithOption(status: string) {
    const saved = await api(SAVE, { method: 'POST', body: { name: `Opzioni ${status}`, lines: [faceLine([posterFaces[1]], { periodStart: '2027-01-04', periodEnd: '2027-01-17' })] } });
    expect(saved.status).toBe(201);
    const id = Number(saved.body.id);
    const held = await api('/planner/v1/reservations/hold', {
      method: 'POST',
      body: { frameIds: [posterFaces[1]], periodStart: '2027-01-04', periodEnd: '2027-01-17', advertiserId: 3, estimateId: id },
    });
    expect(held.status, JSON.stringify(held.body)).toBeLessThan(300);
    if (status !== 'draft') await updateRecord(db, 'estimates', id, { status });
    return id;
  }
  const optionsOf = async (estimateId: number) =>
    (await db.query<{ data: { status: string; reason?: string } }>("SELECT data FROM records WHERE collection = 'reservations' AND (data->>'estimateId')::bigint = $1", [estimateId])).rows.map((r) => r.data);

  it('are released when the estimate is refused', async () => {
    const id = await estimateWithOption('sent');
    expect((await optionsOf(id)).map((r) => r.status)).toEqual(['option']);
    // The face shows under option, naming its holder, in the availability the editor reads.
    const held = await api(`/planner/v1/availability?periodStart=2027-01-04&periodEnd=2027-01-17&frameIds=${posterFaces[1]}`);
    const cells = (held.body.rows as Array<{ cells: Array<{ state: string; holders: Array<{ advertiserName: string }> }> }>)[0].cells;
    expect(cells.map((c) => c.state)).toEqual(['option', 'option']);
    expect(cells[0].holders).toHaveLength(1);
    const moved = await api(`/estimate/estimate/changeStatus?estimateId=${id}&status=rejected`, { method: 'PUT' });
    expect(moved.status).toBe(200);
    expect(await optionsOf(id)).toMatchObject([{ status: 'released' }]);
    expect(JSON.stringify(await optionsOf(id))).toContain('Preventivo rifiutato');
    const freed = await api(`/planner/v1/availability?periodStart=2027-01-04&periodEnd=2027-01-17&frameIds=${posterFaces[1]}`);
    expect((freed.body.rows as Array<{ cells: Array<{ state: string }> }>)[0].cells.map((c) => c.state)).toEqual(['free', 'free']);
  });

  it('are released when the estimate is deleted', async () => {
    const id = await estimateWithOption('draft');
    expect((await optionsOf(id)).map((r) => r.status)).toEqual(['option']);
    expect((await api(`/estimate/estimate/delete?id=${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await optionsOf(id)).toMatchObject([{ status: 'released' }]);
    expect(JSON.stringify(await optionsOf(id))).toContain('Preventivo eliminato');
  });
});

describe('a player goes only on a DOOH system', () => {
  it('refuses (409) a device on an OOH system, naming the system and its type', async () => {
    const { status, body } = await api('/device/v1/devices', { method: 'POST', body: { serial: 'SN-OOH-1', model: 'X', resolution: '1920x1080', systemId: oohSystem.id } });
    expect(status).toBe(409);
    expect(String(body.message)).toContain(oohSystem.code);
    expect(String(body.message)).toContain('Poster');
    expect(String(body.message)).toContain('OOH');
  });
  it('refuses moving a device onto an OOH system, and installs one on a DOOH system', async () => {
    const created = await api('/device/v1/devices', { method: 'POST', body: { serial: 'SN-DOOH-1', model: 'X', resolution: '1920x1080', systemId: doohSystem } });
    expect(created.status).toBe(201);
    const moved = await api(`/device/v1/devices/${String(created.body.id)}`, { method: 'PUT', body: { ...created.body, systemId: oohSystem.id } });
    expect(moved.status).toBe(409);
    const stock = await api('/device/v1/devices', { method: 'POST', body: { serial: 'SN-STOCK-1', model: 'X', resolution: '1920x1080' } });
    expect(stock.status).toBe(201);
  });
});
