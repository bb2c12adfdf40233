// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { advanceClock, resetClock } from '../../sandbox/clock';
import { internalServices } from '../../sandbox/internal';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS } from '../../sandbox/services';
import { testMailbox } from '../../sandbox/services/mail';
import { pdfPages } from '../support/pdfText';
import { openSmallSeed } from './support/smallSeed';

/*
 * The client's answer on a shared offer: acceptance (recorded, moving the estimate to accepted,
 * printed on its PDF), a request for changes (kept, the status unchanged), the refusal past the
 * offer's validity, the link's opened times, the seller's mail, and the revisions a link follows.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const DAY = 86_400_000;

let db: Db;
let server: Server;
let base: string;
let sales: string;

beforeAll(async () => {
  db = await openSmallSeed();
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787', testEndpoints: { '/internal/mailbox': testMailbox } }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await signInSales();
});

/** Signs `sales` in (again, after the clock moved past their session). */
async function signInSales() {
  const res = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
    body: new URLSearchParams({ grant_type: 'password', username: 'sales', password: 'demo' }).toString(),
  });
  sales = (await res.json()).access_token;
}

afterEach(() => resetClock());

afterAll(async () => {
  resetClock();
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server.close(resolve));
  await db?.close();
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

let nextPick = 0;
/** A seeded estimate made a sent offer valid until `validUntil`, shared by `sales`: its guest token. */
async function sentOffer(validUntil: string) {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'estimates' AND jsonb_array_length(data->'lines') > 0 ORDER BY id OFFSET $1 LIMIT 1`, [nextPick++]);
  const id = Number(rows[0].id);
  await db.query(
    `UPDATE records SET data = (data - 'acceptance' - 'changeRequests' - 'replacedById') || jsonb_build_object('status', 'sent', 'validUntil', $2::text) WHERE collection = 'estimates' AND id = $1`,
    [id, validUntil],
  );
  const share = await call('POST', '/share/v1/share/create', sales, { resourceType: 'estimate', resourceId: id });
  expect(share.status).toBe(201);
  return { id, share: share.body, guest: await guestOf(share.body) };
}

async function guestOf(share: { resourceType: string; resourceId: number; token: string }): Promise<string> {
  const res = await call('POST', `/share/v1/token/auth?${q({ resourceType: share.resourceType, resourceId: share.resourceId, token: share.token })}`);
  expect(res.status).toBe(200);
  return res.body.access_token;
}

const accept = (guest: string, id: number, body: unknown = { name: 'Mario Bianchi', role: 'Direttore marketing', agreed: true }) =>
  call('POST', `/share/v1/token/accept?${q({ resourceType: 'estimate', resourceId: id })}`, guest, body);
const askChanges = (guest: string, id: number, note: string) =>
  call('POST', `/share/v1/token/requestChanges?${q({ resourceType: 'estimate', resourceId: id })}`, guest, { name: 'Lucia Verdi', note });
const estimate = async (id: number) => (await call('GET', `/estimate/estimate/${id}`, sales)).body;
const salesMails = async () => (await call('GET', `/internal/mailbox?${q({ to: 'sales@demo.ooh.it' })}`)).body as Array<{ subject: string; body: string }>;

describe('the client accepts a shared offer', () => {
  it('records name, role, time and address, moves the estimate to accepted and mails the seller', async () => {
    const { id, guest } = await sentOffer(day(20));
    const answer = await accept(guest, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'accepted', estimateId: id, name: 'Mario Bianchi', role: 'Direttore marketing', address: '127.0.0.1' });
    const e = await estimate(id);
    expect(e.status).toBe('accepted');
    expect(e.acceptance).toMatchObject({ name: 'Mario Bianchi', role: 'Direttore marketing', acceptedAt: answer.body.at, address: '127.0.0.1' });
    const mail = (await salesMails()).find((m) => m.subject.startsWith('Offerta accettata') && m.subject.includes(`Preventivo ${id} `));
    expect(mail?.body).toContain('Mario Bianchi (Direttore marketing) ha accettato');
    // Once accepted, the offer is no longer waiting for an answer.
    expect((await accept(guest, id)).status).toBe(409);
  });

  it('refuses an acceptance without the agreement to the conditions', async () => {
    const { id, guest } = await sentOffer(day(20));
    expect((await accept(guest, id, { name: 'Mario Bianchi', role: 'Titolare', agreed: false })).status).toBe(400);
    expect((await estimate(id)).status).toBe('sent');
  });

  it("the accepted offer's PDF carries the acceptance record", async () => {
    const { id, guest } = await sentOffer(day(20));
    expect((await accept(guest, id, { name: 'Anna Neri', role: 'Responsabile acquisti', agreed: true })).status).toBe(200);
    const res = await fetch(`${base}/estimate/estimate/${id}/pdf`, { headers: { Authorization: `Bearer ${sales}` } });
    const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join(' ');
    expect(text).toContain('Accettazione online');
    expect(text).toMatch(/Anna Neri \(Responsabile acquisti\) il \d{2}\/\d{2}\/\d{2,4}/);
  });

  it('refuses a draft (the status rules allow accepted only from sent), and a guest of another estimate', async () => {
    const { id, guest } = await sentOffer(day(20));
    const other = await sentOffer(day(20));
    expect((await accept(other.guest, id)).status).toBe(403);
    expect((await accept(sales, id)).status).toBe(403);
    await db.query(`UPDATE records SET data = data || '{"status":"draft"}' WHERE collection = 'estimates' AND id = $1`, [id]);
    const refused = await accept(guest, id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('«Bozza»');
  });
});

describe('an offer past its validity', () => {
  it('cannot be accepted nor changed: 422, telling the client to contact the seller', async () => {
    const { id, share } = await sentOffer(day(1));
    advanceClock(3 * DAY);
    const guest = await guestOf(share);
    const refused = await accept(guest, id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/scaduta.*contatti il venditore/);
    expect((await askChanges(guest, id, 'Si può prorogare?')).status).toBe(422);
    await signInSales();
    expect((await estimate(id)).status).toBe('sent');
  });
});

describe('a request for changes', () => {
  it('stays on the estimate, its status unchanged, and mails the seller', async () => {
    const { id, guest } = await sentOffer(day(20));
    const answer = await askChanges(guest, id, "Spostare l'inizio al 15 aprile");
    expect(answer.status).toBe(200);
    expect((await askChanges(guest, id, 'Aggiungere Torino')).status).toBe(200);
    const e = await estimate(id);
    expect(e.status).toBe('sent');
    expect(e.changeRequests.map((r: { note: string; name: string }) => [r.name, r.note])).toEqual([
      ['Lucia Verdi', "Spostare l'inizio al 15 aprile"],
      ['Lucia Verdi', 'Aggiungere Torino'],
    ]);
    expect(e.changeRequests[0].requestedAt).toBe(answer.body.at);
    const mail = (await salesMails()).find((m) => m.subject.startsWith('Richiesta di modifiche') && m.body.includes('Aggiungere Torino'));
    expect(mail?.body).toContain('Lucia Verdi ha chiesto modifiche');
  });
});

describe('the link records when it was opened', () => {
  it('first and last opening, by the sandbox clock; staff reads do not count', async () => {
    const { id, share, guest } = await sentOffer(day(20));
    const listed = async () => (await call('GET', `/share/v1/share/byResource?${q({ resourceType: 'estimate', resourceId: id })}`, sales)).body.find((s: { id: number }) => s.id === share.id);
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'estimate', resourceId: id })}`, sales)).status).toBe(200);
    expect(await listed()).toMatchObject({ firstOpenedAt: null, lastOpenedAt: null });
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'estimate', resourceId: id })}`, guest)).status).toBe(200);
    const first = await listed();
    expect(first.firstOpenedAt).toBe(first.lastOpenedAt);
    advanceClock(2 * 3600_000);
    await signInSales();
    const later = await guestOf(share);
    await call('GET', `/share/v1/token/resource?${q({ resourceType: 'estimate', resourceId: id })}`, later);
    const second = await listed();
    expect(second.firstOpenedAt).toBe(first.firstOpenedAt);
    expect(Date.parse(second.lastOpenedAt) - Date.parse(first.firstOpenedAt)).toBeGreaterThanOrEqual(2 * 3600_000);
  });
});

describe('revisions', () => {
  it('a new version links to its predecessor, and the old link shows (and accepts) the newest', async () => {
    const { id, guest } = await sentOffer(day(20));
    const revised = await call('POST', `/estimate/estimate/revise?${q({ estimateId: id })}`, sales);
    expect(revised.status).toBe(201);
    const old = await estimate(id);
    expect(revised.body).toMatchObject({ status: 'draft', version: (old.version ?? 1) + 1, previousVersionId: id, name: old.name, total: old.total });
    expect(old.replacedById).toBe(revised.body.id);
    // Only the newest version is revised.
    expect((await call('POST', `/estimate/estimate/revise?${q({ estimateId: id })}`, sales)).status).toBe(409);
    const shown = await call('GET', `/share/v1/token/resource?${q({ resourceType: 'estimate', resourceId: id })}`, guest);
    expect(shown.body).toMatchObject({ resourceId: revised.body.id, replacedResourceId: id });
    expect(shown.body.data).toMatchObject({ id: revised.body.id, version: revised.body.version, previousVersionId: id });
    // The guest downloads the newest version's PDF through the old link.
    expect((await fetch(`${base}/estimate/estimate/${revised.body.id}/pdf`, { headers: { Authorization: `Bearer ${guest}` } })).status).toBe(200);
    // The new version accepts once sent.
    expect((await call('PUT', `/estimate/estimate/changeStatus?${q({ estimateId: revised.body.id, status: 'sent' })}`, sales)).status).toBe(200);
    const answer = await accept(guest, id);
    expect(answer.status).toBe(200);
    expect(answer.body.estimateId).toBe(revised.body.id);
    expect((await estimate(id)).status).toBe('sent');
  });
});
