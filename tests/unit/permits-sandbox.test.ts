// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceClock, resetClock } from '../../sandbox/clock';
import type { Db } from '../../sandbox/db';
import { rng } from '../../sandbox/seed/random';
import { SERVICE_MODULES } from '../../sandbox/services';
import { addDays, itDate, todayOn } from '../../sandbox/shared/reservations';
import { insertRecord } from '../../sandbox/store';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openMigrated } from './support/smallSeed';

/*
 * Authorizations and leases in-process: their records (validation in Italian, systems, documents,
 * stale saves), the alerts 90, 30 and 7 days before they end (the sandbox clock moved), faces at
 * risk in availability, and a planning confirmed with faces at risk only by a recorded override.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const USERS = ['admin', 'assetmanager', 'sales'] as const;
type User = (typeof USERS)[number];
const tokens = {} as Record<User, string>;
let db: Db;
let served: ServedSandbox;
let base: string;
let nextSystem = 7000;
let campaignId: number;

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    await SERVICE_MODULES.user.seed?.(tx, { size: 'small', rng: rng(20261127) });
    const advertiserId = (await insertRecord(tx, 'advertisers', { name: 'Caffè Roma', businessArea: 'Alimentari' })).id;
    campaignId = (await insertRecord(tx, 'campaigns', { name: 'Campagna Caffè', advertiserId, orderId: null, periodStart: '2026-01-01', periodEnd: '2029-12-31', status: 'planned', budget: 1000 })).id;
  });
  served = await serveSandbox(db);
  base = served.base;
  await signInAll();
});

afterAll(async () => {
  await resetClock();
  await served?.close();
  await db?.close();
});

async function signInAll() {
  for (const username of USERS) {
    tokens[username] = await served.signIn(username);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(path: string, init: { method?: string; body?: unknown; as?: User; form?: FormData } = {}): Promise<{ status: number; body: Json; headers: Headers; raw: Buffer }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[init.as ?? 'admin']}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
  const raw = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') && raw.length ? JSON.parse(raw.toString('utf8')) : undefined, headers: response.headers, raw };
}
const systems = (path: string, init?: Parameters<typeof call>[1]) => call(`/systems/v1${path}`, init);
const planner = (path: string, init?: Parameters<typeof call>[1]) => call(`/planner/v1${path}`, init);

const day = (offset: number) => addDays(todayOn(), offset);

/** A fresh OOH system with one static face; its id, code and the face's id. */
async function newSystem() {
  const id = (nextSystem += 1);
  const code = `TO-${id}`;
  await db.query(
    `INSERT INTO systems (id, code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude)
     VALUES ($1, $2, $3, 'OOH', 'poster', 'Via Po 3', 'Piemonte', 'TO', '001272', 'Torino', 45.07, 7.69)`,
    [id, code, `Impianto ${id}`],
  );
  const frame = (await insertRecord(db, 'frames', { systemId: id, name: 'Faccia A', position: 1, width: 600, height: 300, digital: false, slots: 1, excludedBusinessAreas: [], status: 'active' })).id;
  return { id, code, frame };
}

const authorization = (extra: Record<string, unknown> = {}) => ({
  name: `Autorizzazione CUP ${nextSystem}`,
  issuer: 'Comune di Torino',
  number: `2026/${nextSystem}`,
  startDate: day(-300),
  endDate: day(400),
  cost: 450,
  notes: 'Rinnovo da chiedere al Comune.',
  ...extra,
});

describe('authorizations and leases as records', () => {
  it('creates an authorization on its systems, reads, lists, searches and sorts it, and deletes it leaving its systems without it', async () => {
    const a = await newSystem();
    const b = await newSystem();
    const created = await systems('/authorizations', { method: 'POST', body: authorization({ name: 'Autorizzazione Torino Po', systemIds: [a.id, b.id] }), as: 'assetmanager' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Autorizzazione Torino Po',
      issuer: 'Comune di Torino',
      startDate: day(-300),
      endDate: day(400),
      cost: 450,
      expiresIn: 400,
      systems: [
        { id: a.id, code: a.code },
        { id: b.id, code: b.code },
      ],
      documents: [],
    });
    expect(created.body.lockVersion).toEqual(expect.any(Number));
    // The system names it.
    expect((await systems(`/system/id/${a.id}`)).body.authorizations).toEqual([{ id: created.body.id, name: 'Autorizzazione Torino Po' }]);

    const q = encodeURIComponent(JSON.stringify({ q: 'torino po' }));
    const listed = await systems(`/authorizations?filter=${q}&sort=${encodeURIComponent('["endDate","DESC"]')}&range=${encodeURIComponent('[0,9]')}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: Json) => r.id)).toEqual([created.body.id]);
    expect(listed.headers.get('content-range')).toBe('authorizations 0-0/1');
    const bySystem = await systems(`/authorizations?filter=${encodeURIComponent(JSON.stringify({ systemId: b.id }))}`);
    expect(bySystem.body.map((r: Json) => r.id)).toEqual([created.body.id]);
    // The list of every authorization (the systems form's choices) still answers, in the new shape.
    expect((await systems('/system/authorization/all')).body.find((r: Json) => r.id === created.body.id)).toMatchObject({ endDate: day(400), systems: [{ code: a.code }, { code: b.code }] });

    const removed = await systems(`/authorizations/${created.body.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await systems(`/authorizations/${created.body.id}`)).status).toBe(404);
    expect((await systems(`/system/id/${a.id}`)).body.authorizations).toEqual([]);
  });

  it('refuses an end before the start under the end date, an unknown system with 422, a stale save with 409, and other roles with 403', async () => {
    const backwards = await systems('/authorizations', { method: 'POST', body: authorization({ startDate: day(10), endDate: day(5) }) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('La scadenza non può precedere la data di inizio');
    expect(backwards.body.errors).toEqual([{ path: '/body/endDate', message: 'la scadenza non può precedere la data di inizio' }]);
    const unknown = await systems('/leases', { method: 'POST', body: { name: 'Locazione fantasma', systemIds: [987654] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ path: '/body/systemIds', message: 'impianto inesistente: 987654' }]);
    expect((await systems('/authorizations', { method: 'POST', body: authorization(), as: 'sales' })).status).toBe(403);
    expect((await systems('/authorizations', { as: 'sales' })).status).toBe(403);

    const { body: read } = await systems('/authorizations', { method: 'POST', body: authorization() });
    const first = await systems(`/authorizations/${read.id}`, { method: 'PUT', body: { ...read, cost: 500 }, as: 'assetmanager' });
    expect(first.status).toBe(200);
    expect(first.body.cost).toBe(500);
    expect(first.body.lockVersion).not.toBe(read.lockVersion);
    const stale = await systems(`/authorizations/${read.id}`, { method: 'PUT', body: { ...read, cost: 700 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Questa autorizzazione è stata modificata da Giulia Romano /);
    expect((await systems(`/authorizations/${read.id}`)).body.cost).toBe(500);
  });

  it('links a lease to its systems, moving each off its previous lease, and keeps its documents to download', async () => {
    const s = await newSystem();
    const { body: old } = await systems('/leases', { method: 'POST', body: { name: 'Locazione vecchia', landlord: 'Condominio Po', systemIds: [s.id] } });
    const { body: lease } = await systems('/leases', {
      method: 'POST',
      body: { name: 'Locazione nuova', landlord: 'Condominio Po 3', reference: 'REP. 12/2026', startDate: day(-10), endDate: day(700), annualCost: 3600, systemIds: [s.id] },
    });
    expect(lease).toMatchObject({ landlord: 'Condominio Po 3', reference: 'REP. 12/2026', annualCost: 3600, systems: [{ id: s.id }] });
    expect((await systems(`/leases/${old.id}`)).body.systems).toEqual([]);
    expect((await systems(`/system/id/${s.id}`)).body.lease).toEqual({ id: lease.id, name: 'Locazione nuova' });

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 contratto')], { type: 'application/pdf' }), 'contratto.pdf');
    const uploaded = await systems(`/leases/${lease.id}/documents`, { method: 'POST', form, as: 'assetmanager' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ fileName: 'contratto.pdf', mediaType: 'application/pdf', uploadedBy: 'assetmanager' });
    expect((await systems(`/leases/${lease.id}`)).body.documents.map((d: Json) => d.fileName)).toEqual(['contratto.pdf']);
    const download = await systems(`/leases/${lease.id}/documents/${uploaded.body.id}`);
    expect(download.status).toBe(200);
    expect(download.raw.toString()).toBe('%PDF-1.4 contratto');
    expect(download.headers.get('content-disposition')).toContain('contratto.pdf');
    // A document is reached only through its own lease.
    expect((await systems(`/leases/${old.id}/documents/${uploaded.body.id}`)).status).toBe(404);
    expect((await systems(`/leases/${lease.id}/documents/${uploaded.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await systems(`/leases/${lease.id}`)).body.documents).toEqual([]);
  });
});

describe('alerts before an authorization or a lease ends', () => {
  it('tells the admins and asset managers once at 90, 30 and 7 days, naming it, its systems and the date; nobody else', async () => {
    const s = await newSystem();
    const name = `Autorizzazione in scadenza ${s.id}`;
    const { body: permit } = await systems('/authorizations', { method: 'POST', body: authorization({ name, endDate: day(95), systemIds: [s.id] }) });
    const { body: lease } = await systems('/leases', { method: 'POST', body: { name: `Locazione in scadenza ${s.id}`, endDate: day(29), systemIds: [s.id] } });
    const notices = async (user: User, kind: string, id: number) =>
      (await planner('/notifications', { as: user })).body.filter((n: Json) => n.kind === kind && n.link === `/${kind === 'leaseExpiring' ? 'leases' : 'authorizations'}/${id}`);

    // 95 days ahead: no alert yet for the authorization; the lease ends within 30 days.
    expect(await notices('assetmanager', 'permitExpiring', permit.id)).toEqual([]);
    const leaseAlerts = await notices('assetmanager', 'leaseExpiring', lease.id);
    expect(leaseAlerts).toHaveLength(1);
    expect(leaseAlerts[0].message).toBe(`La locazione «Locazione in scadenza ${s.id}» (${s.code}) scade tra 29 giorni, il ${itDate(day(29))}`);
    expect(await notices('sales', 'leaseExpiring', lease.id)).toEqual([]);

    const start = todayOn();
    try {
      for (const [moveTo, left, count] of [
        [5, 90, 1],
        [6, 89, 1],
        [65, 30, 2],
        [88, 7, 3],
        [95, 0, 3],
      ] as const) {
        await advanceClock(Date.parse(`${addDays(start, moveTo)}T12:00:00Z`) - Date.parse(`${todayOn()}T12:00:00Z`));
        await signInAll();
        for (const user of ['admin', 'assetmanager'] as const) {
          const mine = await notices(user, 'permitExpiring', permit.id);
          expect(mine, `${user}, ${left} days left`).toHaveLength(count);
        }
        const latest = (await notices('assetmanager', 'permitExpiring', permit.id))[0];
        if (left === 90 || left === 30 || left === 7) {
          expect(latest.message).toBe(`L'autorizzazione «${name}» (${s.code}) scade tra ${left} giorni, il ${itDate(permit.endDate)}`);
        }
        expect(await notices('sales', 'permitExpiring', permit.id)).toEqual([]);
      }
    } finally {
      await resetClock();
      await signInAll();
    }
  });
});

describe('faces at risk', () => {
  it('marks a face at risk in availability when an authorization of its system ends before the period does, with the reason', async () => {
    const s = await newSystem();
    const { body: permit } = await systems('/authorizations', { method: 'POST', body: authorization({ name: `Autorizzazione breve ${s.id}`, endDate: day(20), systemIds: [s.id] }) });
    const rowOf = async (end: number) => (await planner(`/availability?periodStart=${day(1)}&periodEnd=${day(end)}&step=week&frameIds=${s.frame}`)).body.rows[0];
    expect(await rowOf(33)).toMatchObject({ frameId: s.frame, atRisk: true, risks: [`Autorizzazione breve ${s.id} scade il ${itDate(permit.endDate)}`] });
    expect(await rowOf(20)).toMatchObject({ atRisk: false, risks: [] });
  });

  it('refuses to confirm a planning with a face at risk (409 naming it), and confirms with an override whose reason, author and faces are recorded', async () => {
    const s = await newSystem();
    const safe = await newSystem();
    await systems('/leases', { method: 'POST', body: { name: `Locazione breve ${s.id}`, endDate: day(25), systemIds: [s.id] } });
    const { body: planning } = await planner('/plannings', { method: 'POST', body: { name: 'Torino a rischio', campaignId, periodStart: day(10), periodEnd: day(40) } });
    for (const frameId of [s.frame, safe.frame]) expect((await planner('/planningItems', { method: 'POST', body: { planningId: planning.id, frameId, price: 500 } })).status).toBe(201);
    const confirm = { name: planning.name, campaignId, periodStart: planning.periodStart, periodEnd: planning.periodEnd, status: 'confirmed' };

    const refused = await planner(`/plannings/${planning.id}`, { method: 'PUT', body: confirm });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Faccia A di ${s.code} a rischio (Locazione breve ${s.id} scade il ${itDate(day(25))})`);
    expect(refused.body.risks).toEqual([{ frameId: s.frame, frameName: 'Faccia A', systemId: s.id, systemCode: s.code, reason: `Locazione breve ${s.id} scade il ${itDate(day(25))}` }]);
    expect((await planner(`/plannings/${planning.id}`)).body).toMatchObject({ status: 'draft', riskOverride: null });
    // A blank reason is no override.
    expect((await planner(`/plannings/${planning.id}`, { method: 'PUT', body: { ...confirm, riskOverride: { reason: '   ' } } })).status).toBe(409);

    const confirmed = await planner(`/plannings/${planning.id}`, { method: 'PUT', body: { ...confirm, riskOverride: { reason: 'Rinnovo già firmato dal locatore' } } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect(confirmed.body.riskOverride).toMatchObject({
      reason: 'Rinnovo già firmato dal locatore',
      by: 'admin',
      byName: 'Alessandra Conti',
      faces: [{ frameId: s.frame, systemCode: s.code }],
    });
    expect(Date.parse(confirmed.body.riskOverride.at)).not.toBeNaN();
    expect((await planner(`/plannings/${planning.id}`)).body.riskOverride.reason).toBe('Rinnovo già firmato dal locatore');
  });

  it('confirms a planning whose faces are not at risk without an override', async () => {
    const s = await newSystem();
    await systems('/authorizations', { method: 'POST', body: authorization({ endDate: day(500), systemIds: [s.id] }) });
    const { body: planning } = await planner('/plannings', { method: 'POST', body: { name: 'Torino sicura', campaignId, periodStart: day(10), periodEnd: day(40) } });
    await planner('/planningItems', { method: 'POST', body: { planningId: planning.id, frameId: s.frame, price: 500 } });
    const confirmed = await planner(`/plannings/${planning.id}`, { method: 'PUT', body: { name: planning.name, campaignId, periodStart: planning.periodStart, periodEnd: planning.periodEnd, status: 'confirmed' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.riskOverride).toBeNull();
  });
});
