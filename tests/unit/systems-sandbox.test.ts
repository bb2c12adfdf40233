// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { openMigrated } from './support/smallSeed';

/* The systems service in-process: search, suggestions, map bounds, import, history, DOOH rule. */

let db: Db;
let server: Server;
let base = '';
const tokens: Record<string, string> = {};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const sys = (path: string, init: RequestInit = {}, user = 'assetmanager') =>
  fetch(`${base}/systems/v1${path}`, { ...init, headers: { Authorization: `Bearer ${tokens[user]}`, ...(init.headers ?? {}) } });
const json = async <T = Record<string, unknown>>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const post = (path: string, body: unknown, user?: string) =>
  sys(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }, user);

const INPUT = {
  name: 'Poster test Via Dante 3',
  type: 'OOH',
  systemType: 'poster',
  address: 'Via Dante 3',
  municipalityId: '015146',
  latitude: 45.466,
  longitude: 9.186,
  sizes: [{ sizeId: 1 }],
  domains: ['centro'],
};

async function workbook(rows: unknown[][], headers?: string[]): Promise<Blob> {
  const template = await (await sys('/system/download/templateImportSystems')).arrayBuffer();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template);
  const sheet = wb.worksheets[0];
  if (headers) sheet.spliceRows(1, 1, headers);
  rows.forEach((r) => sheet.addRow(r));
  return new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer], { type: XLSX });
}

async function upload(blob: Blob): Promise<Response> {
  const form = new FormData();
  form.append('file', blob, 'impianti.xlsx');
  return sys('/system/upload', { method: 'POST', body: form });
}

const countAll = async () => (await json<{ totalElements: number }>(sys('/system/all/page/0/perPage/1?type=ALL'))).totalElements;
const historyOf = async (id: number) => json<Array<{ action: string; username: string; changes: Array<{ field: string }> }>>(fetch(`${base}/history/v1/history/idSystem/${id}`, { headers: { Authorization: `Bearer ${tokens.admin}` } }));

beforeAll(async () => {
  db = await openMigrated();
  // Only the seeds the systems service depends on (users, geo) and its own.
  await db.transaction(async (tx) => {
    for (const name of ['user', 'geo', 'systems'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  const sandbox = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1' });
  server = sandbox.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const user of ['assetmanager', 'sales', 'admin']) tokens[user] = await signIn(user);
}, 180_000);

afterAll(async () => {
  server?.close();
  await db?.close();
});

describe('systems sandbox: seed and search', { timeout: 30_000 }, () => {
  it('seeds about 2,000 systems with every type and status, OOH and DOOH', async () => {
    expect(await countAll()).toBe(2000);
    const types = await json<string[]>(sys('/system/systemType/distinct'));
    expect(types.length).toBe(19);
    expect(await json<string[]>(sys('/system/status/distinct'))).toEqual(['active', 'initialized', 'maintenance', 'removed']);
    expect(await json<string[]>(sys('/system/type/distinct'))).toEqual(['DOOH', 'OOH']);
  });

  it('pages with a search term over code, name, address, municipality, province, zip code', async () => {
    const page = await json<{ content: Array<{ municipality: { name: string }; province: string; code: string }>; totalElements: number; size: number; number: number }>(
      sys('/system/all/page/1/perPage/10?type=ALL&searchTerm=milano&sort=code&sortDir=DESC'),
    );
    expect(page.number).toBe(1);
    expect(page.content).toHaveLength(10);
    expect(page.totalElements).toBeGreaterThan(20);
    for (const s of page.content) expect(`${s.municipality.name} ${s.province}`.toLowerCase()).toContain('milano');
    const codes = page.content.map((s) => s.code);
    expect([...codes].sort().reverse()).toEqual(codes);
  });

  it('filters with search/params: AND between filters, OR inside an array', async () => {
    const page = await json<{ content: Array<{ type: string; systemType: string; status: string }>; totalElements: number }>(
      post('/system/search/params?page=0&size=9999&type=DOOH', { systemTypes: ['totem', 'alux'], statuses: ['active'] }),
    );
    expect(page.totalElements).toBeGreaterThan(0);
    for (const s of page.content) {
      expect(s.type).toBe('DOOH');
      expect(['totem', 'alux']).toContain(s.systemType);
      expect(s.status).toBe('active');
    }
    const owners = await json<{ content: Array<{ mediaOwners: Array<{ id: number }> }> }>(post('/system/search/params?type=ALL', { mediaOwners: [2] }));
    for (const s of owners.content) expect(s.mediaOwners.map((m) => m.id)).toContain(2);
  });

  it('filters with search/params by circuit: only the members of any circuit named, with the other filters', async () => {
    const ooh = await json<{ content: Array<{ id: number; systemType: string }> }>(post('/system/search/params?page=0&size=40&type=OOH', {}));
    const poster = ooh.content.filter((s) => s.systemType === 'poster').slice(0, 2);
    const other = ooh.content.filter((s) => s.systemType !== 'poster').slice(0, 1);
    expect(poster).toHaveLength(2);
    expect(other).toHaveLength(1);
    const circuit = async (name: string, assets: number[]) => {
      const made = await fetch(`${base}/circuits/v1/circuit/create?name=${encodeURIComponent(name)}&type=OOH`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.assetmanager}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ assets }),
      });
      expect(made.status).toBe(201);
      return ((await made.json()) as { id: number }).id;
    };
    const first = await circuit('Circuito ricerca A', [poster[0].id, other[0].id]);
    const second = await circuit('Circuito ricerca B', [poster[1].id]);
    const ids = async (body: unknown) =>
      (await json<{ content: Array<{ id: number }> }>(post('/system/search/params?page=0&size=9999&type=ALL', body))).content.map((s) => s.id).sort((a, b) => a - b);
    expect(await ids({ circuitIds: [first] })).toEqual([poster[0].id, other[0].id].sort((a, b) => a - b));
    expect(await ids({ circuitIds: [first, second] })).toEqual([poster[0].id, poster[1].id, other[0].id].sort((a, b) => a - b));
    expect(await ids({ circuitIds: [first], systemTypes: ['poster'] })).toEqual([poster[0].id]);
  });

  it('ranks suggestions: exact code, then prefix, then substring', async () => {
    const page = await json<{ content: Array<{ code: string; score: number; matchedField: string }> }>(sys('/system/suggestion?searchTerm=MI-0001&size=20'));
    expect(page.content[0].code).toBe('MI-0001');
    expect(page.content[0].score).toBe(1);
    expect(page.content[0].matchedField).toBe('code');
    const scores = page.content.map((s) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(page.content.slice(1).every((s) => s.code.startsWith('MI-0001') && s.score < 1)).toBe(true);

    const byAddress = await json<{ content: Array<{ matchedField: string; matchedValue: string; score: number }> }>(
      sys('/system/suggestion?searchTerm=roma&searchField=address&size=50'),
    );
    expect(byAddress.content.length).toBeGreaterThan(0);
    for (const s of byAddress.content) {
      expect(s.matchedField).toBe('address');
      expect(s.matchedValue.toLowerCase()).toContain('roma');
    }
    // "Via Roma …" (word prefix) ranks above an address with "roma" only inside a word.
    const first = byAddress.content[0];
    expect(first.score).toBeGreaterThanOrEqual(byAddress.content[byAddress.content.length - 1].score);
  });

  it('answers the markers inside the bounds widened by biasPercentage', async () => {
    const bounds = { north: 45.5, south: 45.42, east: 9.25, west: 9.1 };
    const strict = await json<Array<{ latitude: number; longitude: number }>>(post('/system/inAreaList?type=ALL&biasPercentage=0', bounds));
    expect(strict.length).toBeGreaterThan(0);
    for (const m of strict) {
      expect(m.latitude).toBeGreaterThanOrEqual(45.42);
      expect(m.latitude).toBeLessThanOrEqual(45.5);
      expect(m.longitude).toBeGreaterThanOrEqual(9.1);
      expect(m.longitude).toBeLessThanOrEqual(9.25);
    }
    const widened = await json<Array<{ latitude: number; longitude: number }>>(post('/system/inAreaList?type=ALL&biasPercentage=0.5', bounds));
    expect(widened.length).toBeGreaterThan(strict.length);
    for (const m of widened) {
      expect(m.latitude).toBeGreaterThanOrEqual(45.42 - 0.04 - 1e-9);
      expect(m.latitude).toBeLessThanOrEqual(45.5 + 0.04 + 1e-9);
    }
  });

  it('getAllByIds answers in the order of the ids, leaving unknown ids out', async () => {
    const list = await json<Array<{ id: number }>>(post('/system/getAllByIds', [5, 999999, 3]));
    expect(list.map((s) => s.id)).toEqual([5, 3]);
  });
});

describe('systems sandbox: writes', { timeout: 30_000 }, () => {
  it('creates with the next province code and records the history; updates and deletes too', async () => {
    const preview = await json<{ previewId: string }>(sys('/system/getPreviewId?sequenceName=MI'));
    const created = await post('/system/create?type=OOH', INPUT);
    expect(created.status).toBe(201);
    const system = await json<{ id: number; code: string; province: string; zipCode: string; sizes: Array<{ width: number }> }>(created);
    expect(system.code).toBe(preview.previewId);
    expect(system.province).toBe('Milano');
    expect(system.sizes[0].width).toBeGreaterThan(0);
    let history = await historyOf(system.id);
    expect(history.map((h) => h.action)).toEqual(['create']);
    expect(history[0].username).toBe('assetmanager');

    const updated = await post(`/system/update?id=${system.id}&type=OOH`, { ...INPUT, name: 'Poster rinominato', status: 'active' });
    expect(updated.status).toBe(200);
    history = await historyOf(system.id);
    expect(history[0].action).toBe('update');
    expect(history[0].changes.map((c) => c.field).sort()).toEqual(['name', 'status']);

    const domains = await sys(`/system/${system.id}/domains`, { method: 'DELETE', body: JSON.stringify(['centro']), headers: { 'Content-Type': 'application/json' } });
    expect(((await domains.json()) as { domains: string[] }).domains).toEqual([]);

    const deleted = await sys(`/system/delete?id=${system.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await sys(`/system/id/${system.id}`)).status).toBe(404);
    history = await historyOf(system.id);
    expect(history.map((h) => h.action)).toEqual(['delete', 'update', 'update', 'create']);
  });

  it('refuses a DOOH system with an OOH-only type (400, Italian message), and a type mismatch', async () => {
    const r = await post('/system/create?type=DOOH', { ...INPUT, type: 'DOOH', systemType: 'poster', sizes: [] });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toMatch(/DOOH ammette solo i tipi alux, customdooh, posterdooh, totem/);
    const ok = await post('/system/create?type=DOOH', { ...INPUT, type: 'DOOH', systemType: 'totem', sizes: [] });
    expect(ok.status).toBe(201);
    const mismatch = await post('/system/create?type=OOH', { ...INPUT, type: 'DOOH', systemType: 'totem', sizes: [] });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { message: string }).message).toMatch(/non corrisponde/);
  });

  it('answers 409 for a code already in use and 403 to a sales user', async () => {
    const r = await post('/system/create?type=OOH', { ...INPUT, code: 'MI-0001' });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { message: string }).message).toBe('Il codice MI-0001 è già in uso');
    expect((await post('/system/create?type=OOH', INPUT, 'sales')).status).toBe(403);
  });

  it('stores, serves and deletes an image, refusing other media types (415)', async () => {
    const form = new FormData();
    form.append('systemId', '1');
    form.append('file', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'foto.png');
    const up = await sys('/system/image/upload', { method: 'POST', body: form });
    expect(up.status).toBe(201);
    const image = (await up.json()) as { id: number; size: number };
    expect(image.size).toBe(70); // the 1×1 PNG's bytes
    expect(((await json<{ images: number[] }>(sys('/system/id/1'))).images)).toContain(image.id);
    const got = await sys(`/system/image/get/${image.id}`);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect((await historyOf(1))[0].action).toBe('attach');
    expect((await sys(`/system/image/delete/${image.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await sys(`/system/image/get/${image.id}`)).status).toBe(404);
    const bad = new FormData();
    bad.append('systemId', '1');
    bad.append('file', new Blob(['x'], { type: 'text/plain' }), 'nota.txt');
    expect((await sys('/system/image/upload', { method: 'POST', body: bad })).status).toBe(415);
  });
});

describe('systems sandbox: Excel template and import', { timeout: 30_000 }, () => {
  it('the template has the columns the import reads, drop-down lists, a sheet of allowed values and one of municipalities', async () => {
    const r = await sys('/system/download/templateImportSystems');
    expect(r.headers.get('content-disposition')).toContain('template_impianti.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual(expect.arrayContaining(['Codice', 'Nome', 'Tipo', 'Tipologia', 'Stato', 'Indirizzo', 'Comune', 'Latitudine', 'Longitudine', 'Illuminato']));
    expect(wb.getWorksheet('Valori ammessi')!.rowCount).toBeGreaterThan(30);
    // Drop-downs on type (C), system type (D), status (E), municipality (G) and yes/no (Q), down the rows.
    const sheet = wb.worksheets[0];
    for (const cell of ['C2', 'D2', 'E500', 'G2', 'Q2']) {
      expect(sheet.getCell(cell).dataValidation, cell).toMatchObject({ type: 'list' });
    }
    const lists = wb.getWorksheet('Elenchi')!;
    const listed = (formula: string) => {
      const [, col, from, to] = /!\$([A-Z])\$(\d+):\$[A-Z]\$(\d+)$/.exec(formula)!;
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => String(lists.getCell(`${col}${Number(from) + i}`).value));
    };
    expect(listed(sheet.getCell('C2').dataValidation.formulae[0])).toEqual(['OOH', 'DOOH']);
    expect(listed(sheet.getCell('Q2').dataValidation.formulae[0])).toEqual(['SI', 'NO']);
    expect(listed(sheet.getCell('E2').dataValidation.formulae[0])).toEqual(['initialized', 'active', 'maintenance', 'removed']);
    expect(listed(sheet.getCell('D2').dataValidation.formulae[0])).toContain('poster');
    const towns = wb.getWorksheet('Comuni')!;
    expect(towns.rowCount).toBeGreaterThan(7000);
    const labels = towns.getColumn(1).values.map(String);
    expect(labels).toContain('Bergamo (BG)');
    expect(sheet.getCell('G2').dataValidation.formulae[0]).toBe(`Comuni!$A$2:$A$${towns.rowCount}`);
  });

  const good = (name: string) => ['', name, 'OOH', 'poster', 'active', 'Via Verdi 1', '015146', '', 45.47, 9.19, '1', 'centro', '', '', '1', '', 'SI', 2, ''];

  it('imports nothing when one row is bad, naming every bad row and why (422)', async () => {
    const before = await countAll();
    const bad = ['', 'Riga senza coordinate', 'OOH', 'poster', '', 'Via Verdi 2', '015146', '', '', '', '', '', '', '', '', '', '', '', ''];
    const dooh = ['', 'Totem sbagliato', 'DOOH', 'poster', '', 'Via Verdi 3', '015146', '', 45.4, 9.1, '', '', '', '', '', '', '', '', ''];
    const r = await upload(await workbook([good('Import buono 1'), bad, dooh]));
    expect(r.status).toBe(422);
    const body = (await r.json()) as { message: string; created: number; rejected: Array<{ row: number; reason: string }> };
    expect(body.created).toBe(0);
    expect(body.rejected.map((x) => x.row)).toEqual([3, 4]);
    expect(body.rejected[0].reason).toBe('Latitudine: obbligatorio, manca; Longitudine: obbligatorio, manca');
    expect(body.rejected[1].reason).toMatch(/DOOH/);
    expect(body.message).toMatch(/nessun impianto importato/);
    expect(await countAll()).toBe(before);
  });

  it('names every mistake of a bad row, not only the first', async () => {
    const five = ['', 'Cinque errori', 'XXX', 'nessuna', 'rotto', 'Via Verdi 4', '015146', '123', 'nord', 9.1, '', '', '', '', '', '', 'forse', 2, ''];
    const r = await upload(await workbook([five]));
    expect(r.status).toBe(422);
    const body = (await r.json()) as { rejected: Array<{ row: number; reason: string }>; rejectedCount: number };
    expect(body.rejectedCount).toBe(1);
    const reason = body.rejected[0].reason;
    for (const part of [/Latitudine «nord»/, /Illuminato «forse»/, /Tipo «XXX»/, /Tipologia «nessuna»/, /Stato «rotto»/, /CAP «123»/]) expect(reason).toMatch(part);
  });

  it('accepts a municipality by name and province as well as by ISTAT code', async () => {
    const before = await countAll();
    const byName = good('Comune per nome');
    byName[6] = 'Milano (MI)';
    const byNameComma = good('Comune per nome e provincia');
    byNameComma[6] = 'milano, Milano';
    const r = await upload(await workbook([byName, byNameComma]));
    expect(r.status).toBe(200);
    expect(await countAll()).toBe(before + 2);
    const unknown = good('Comune sconosciuto');
    unknown[6] = 'Paese Inesistente (ZZ)';
    const refused = await upload(await workbook([unknown]));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { rejected: Array<{ reason: string }> }).rejected[0].reason).toMatch(/comune "Paese Inesistente \(ZZ\)" non trovato/);
  });

  it('refuses (413) a workbook past the document\'s x-max-rows, and lists at most 100 bad rows with a count', async () => {
    const header = ['Codice', 'Nome', 'Tipo', 'Tipologia', 'Stato', 'Indirizzo', 'Comune', 'CAP', 'Latitudine', 'Longitudine'];
    const tooMany = Array.from({ length: 5001 }, (_, i) => ['', `Riga ${i}`, 'OOH', 'poster', '', 'Via Verdi 1', '015146', '', 45.4, 9.1]);
    const r = await upload(await workbook(tooMany, header));
    expect(r.status).toBe(413);
    expect(((await r.json()) as { message: string }).message).toMatch(/5000 righe/);
    const bad = Array.from({ length: 150 }, (_, i) => ['', `Riga ${i}`, 'OOH', 'poster', '', 'Via Verdi 1', '015146', '', '', '']);
    const refused = await upload(await workbook(bad, header));
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { rejected: unknown[]; rejectedCount: number; errors: unknown[] };
    expect(body.rejected).toHaveLength(100);
    expect(body.errors).toHaveLength(100);
    expect(body.rejectedCount).toBe(150);
  });

  it('imports every good row in one go, updating a row whose code exists', async () => {
    const before = await countAll();
    const update = good('MI-0002 aggiornato');
    update[0] = 'MI-0002';
    const r = await upload(await workbook([good('Import buono A'), good('Import buono B'), update]));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ created: 2, updated: 1, rejected: [] });
    expect(await countAll()).toBe(before + 2);
    const found = await json<{ content: Array<{ name: string }> }>(sys('/system/all/page/0/perPage/10?searchTerm=MI-0002'));
    expect(found.content.map((s) => s.name)).toContain('MI-0002 aggiornato');
  });

  it('refuses a file that is neither a workbook nor a CSV (415), and a sheet or CSV without the template columns (400)', async () => {
    expect((await upload(new Blob(['GIF89a'], { type: 'image/gif' }))).status).toBe(415);
    expect((await upload(new Blob(['a,b\r\n1,2'], { type: 'text/csv' }))).status).toBe(400);
    const r = await upload(await workbook([['x']], ['Colonna', 'Altro']));
    expect(r.status).toBe(400);
  });
});
