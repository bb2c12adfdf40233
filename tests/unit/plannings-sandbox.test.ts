// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { rng } from '../../sandbox/seed/random';
import { SERVICE_MODULES } from '../../sandbox/services';
import { insertNumbered, insertRecord } from '../../sandbox/store';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openMigrated } from './support/smallSeed';

/*
 * The execution services end to end in-process (orders, campaigns, plannings, creatives): the
 * availability rule, orders from estimates, members and history, uploads.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
let served: ServedSandbox;
let base: string;
let admin: string;
let accepted: number;
let sent: number;
/** The faces of the systems, by system id: 103 is a two-sided poster (Faccia A, Faccia B). */
const faces: Record<number, number[]> = {};

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    await SERVICE_MODULES.user.seed?.(tx, { size: 'small', rng: rng(20260301) });
    const estimate = (status: string) => ({
      name: `Preventivo ${status}`,
      opportunityId: 21,
      advertiserId: 3,
      salesId: 5,
      status,
      commissions: 0,
      subtotal: 1000,
      discountTotal: 0,
      total: 1000,
      createdAt: '2026-02-01T10:00:00Z',
      lines: [
        { id: 1, productId: 1, catalogId: 1, description: 'Poster', quantity: 1, periodStart: '2026-05-10', periodEnd: '2026-05-20', unitPrice: 500, discountPercent: 0, total: 500 },
        { id: 2, productId: 1, catalogId: 1, description: 'Poster', quantity: 1, periodStart: '2026-05-01', periodEnd: '2026-05-31', unitPrice: 500, discountPercent: 0, total: 500 },
      ],
    });
    // What the writes below name: a reference to a record that does not exist is refused (422).
    for (let i = 1; i <= 5; i++) await insertNumbered(tx, 'advertisers', { name: `Inserzionista ${i}` });
    for (const id of [101, 103, 104, 555, 777]) {
      await tx.query(
        `INSERT INTO systems (id, code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude)
         VALUES ($1, $2, $3, 'OOH', 'poster', 'Via Torino 12', 'Lombardia', 'MI', '015146', 'Milano', 45.46, 9.18)`,
        [id, `MI-${id}`, `Impianto ${id}`],
      );
      faces[id] = [];
      for (const [i, name] of (id === 103 ? ['Faccia A', 'Faccia B'] : ['Faccia A']).entries()) {
        const face = { systemId: id, name, position: i + 1, width: 600, height: 300, digital: false, slots: 1, excludedBusinessAreas: [], status: 'active' };
        faces[id].push((await insertRecord(tx, 'frames', face)).id);
      }
    }
    accepted = (await insertRecord(tx, 'estimates', estimate('accepted'))).id;
    sent = (await insertRecord(tx, 'estimates', estimate('sent'))).id;
  });
  served = await serveSandbox(db);
  base = served.base;
  admin = await signIn('admin');
});

afterAll(async () => {
  await served?.close();
  await db.close();
});

const signIn = (username: string) => served.signIn(username);

async function api(path: string, init: { method?: string; body?: unknown; token?: string; form?: FormData } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${init.token ?? admin}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // a file
  }
  return { status: response.status, body: json as Record<string, unknown> & Array<Record<string, unknown>>, headers: response.headers };
}

async function newCampaign(name = 'Primavera 2026 – Milano') {
  const { status, body } = await api('/campaign/v1/campaigns', { method: 'POST', body: { name, advertiserId: 3, periodStart: '2026-03-01', periodEnd: '2026-03-31', budget: 1000 } });
  expect(status).toBe(201);
  return body.id as number;
}

async function newPlanning(campaignId: number, periodStart: string, periodEnd: string, name = 'Pianificazione di prova') {
  const { status, body } = await api('/planner/v1/plannings', { method: 'POST', body: { name, campaignId, periodStart, periodEnd } });
  expect(status).toBe(201);
  return body.id as number;
}

describe('planner: availability', () => {
  it('refuses a face held in an overlapping period with 409 naming what holds it, and sells the other face of the same poster', async () => {
    const campaignId = await newCampaign();
    const first = await newPlanning(campaignId, '2026-03-01', '2026-03-31', 'Roma e Milano – Saldi');
    const second = await newPlanning(campaignId, '2026-03-20', '2026-04-10');
    const [faceA, faceB] = faces[103];
    const held = await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: first, frameId: faceA } });
    expect(held.status).toBe(201);
    // A draft planning holds its face under option.
    expect(held.body).toMatchObject({ frameId: faceA, frameName: 'Faccia A', systemId: 103, reservationStatus: 'option' });
    const refused = await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: second, frameId: faceA } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Faccia A di MI-103 è in opzione dal 01/03/2026 al 31/03/2026 per Inserzionista 3');
    expect(refused.body.blockers).toEqual([
      expect.objectContaining({ reservationId: held.body.reservationId, status: 'option', advertiserName: 'Inserzionista 3', planningName: 'Roma e Milano – Saldi', periodStart: '2026-03-01', periodEnd: '2026-03-31' }),
    ]);
    // The other face of the two-sided poster is a sale of its own.
    const other = await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: second, frameId: faceB } });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ frameId: faceB, frameName: 'Faccia B', systemId: 103 });
    // A system is free while one of its faces is: 103 has none left, 104 all of its.
    const availability = await api(`/planner/v1/plannings/${second}/availability?systemIds=103&systemIds=104`);
    expect(availability.body).toEqual([
      { systemId: 103, free: false, conflict: expect.objectContaining({ planningId: first, planningName: 'Roma e Milano – Saldi', systemId: 103 }) },
      { systemId: 104, free: true, conflict: null },
    ]);
  });

  it('refuses with 422 an item that names a face or a planning that does not exist, naming the field', async () => {
    const campaignId = await newCampaign();
    const planning = await newPlanning(campaignId, '2026-04-01', '2026-04-30');
    const refused = await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: planning, frameId: 424242 } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: '/body/frameId', message: 'faccia inesistente: 424242' }]);
    const orphan = await api('/planner/v1/plannings', { method: 'POST', body: { name: 'x', campaignId: 424242, periodStart: '2026-04-01', periodEnd: '2026-04-02' } });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors).toEqual([{ path: '/body/campaignId', message: 'campagna inesistente: 424242' }]);
  });

  it('lets only one of simultaneous holds of the same face through', async () => {
    const campaignId = await newCampaign();
    const a = await newPlanning(campaignId, '2026-06-01', '2026-06-30');
    const b = await newPlanning(campaignId, '2026-06-15', '2026-07-15');
    const [frameId] = faces[555];
    const results = await Promise.all([a, b, a, b].map((planningId) => api('/planner/v1/planningItems', { method: 'POST', body: { planningId, frameId } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('frees the face when the item is removed, and holds back-to-back periods', async () => {
    const campaignId = await newCampaign();
    const a = await newPlanning(campaignId, '2026-08-01', '2026-08-15');
    const b = await newPlanning(campaignId, '2026-08-16', '2026-08-31');
    const [frameId] = faces[777];
    const booked = await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: a, frameId, price: 300 } });
    expect((await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: b, frameId } })).status).toBe(201);
    expect((await api(`/planner/v1/plannings/${a}`)).body.totals).toEqual({ systems: 1, faces: 1, amount: 300, orderTotal: null, difference: null });
    const c = await newPlanning(campaignId, '2026-08-10', '2026-08-12');
    expect((await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: c, frameId } })).status).toBe(409);
    await api(`/planner/v1/planningItems/${booked.body.id as number}`, { method: 'DELETE' });
    expect((await api(`/planner/v1/reservations/${booked.body.reservationId as number}`)).body).toMatchObject({ status: 'released', endReason: 'Tolta dalla pianificazione' });
    expect((await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: c, frameId } })).status).toBe(201);
  });

  it('answers 403 to a non-admin creating a planning', async () => {
    const sales = await signIn('sales');
    const campaignId = await newCampaign();
    const { status } = await api('/planner/v1/plannings', { method: 'POST', token: sales, body: { name: 'x', campaignId, periodStart: '2026-03-01', periodEnd: '2026-03-02' } });
    expect(status).toBe(403);
  });
});

describe('order: from an estimate', () => {
  it('creates a draft order from an accepted estimate over its lines’ period, once', async () => {
    const created = await api(`/order/orders/fromEstimate/${accepted}`, { method: 'POST' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ estimateId: accepted, advertiserId: 3, salesId: 5, status: 'draft', total: 1000, periodStart: '2026-05-01', periodEnd: '2026-05-31' });
    expect(String(created.body.code)).toMatch(/^ORD-\d{4}-\d{4,}$/);
    const again = await api(`/order/orders/fromEstimate/${accepted}`, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('answers 409 for an estimate that is not accepted and 404 for none', async () => {
    const refused = await api(`/order/orders/fromEstimate/${sent}`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('non è accettato');
    expect((await api('/order/orders/fromEstimate/99999999', { method: 'POST' })).status).toBe(404);
  });

  it('stores, lists and serves an order document, and refuses a zip with 415', async () => {
    const order = await api('/order/orders', { method: 'POST', body: { advertiserId: 3, salesId: 5, total: 10, orderDate: '2026-02-12', periodStart: '2026-04-01', periodEnd: '2026-04-15' } });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 prova')], { type: 'application/pdf' }), 'contratto.pdf');
    const uploaded = await api(`/order/orders/${order.body.id as number}/documents`, { method: 'POST', form });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ fileName: 'contratto.pdf', mediaType: 'application/pdf', uploadedBy: 'admin' });
    expect(uploaded.body).not.toHaveProperty('fileId');
    const list = await api(`/order/orderDocuments?filter=${encodeURIComponent(JSON.stringify({ orderId: order.body.id }))}`);
    expect(list.headers.get('Content-Range')).toBe('orderDocuments 0-0/1');
    const content = await api(`/order/orderDocuments/${uploaded.body.id as number}/content`);
    expect(content.body).toBe('%PDF-1.4 prova');
    expect(content.headers.get('Content-Disposition')).toContain('contratto.pdf');
    const zip = new FormData();
    zip.append('file', new Blob([Buffer.from('PK')], { type: 'application/zip' }), 'a.zip');
    expect((await api(`/order/orders/${order.body.id as number}/documents`, { method: 'POST', form: zip })).status).toBe(415);
  });

  it('refuses a status move the order flow does not allow', async () => {
    const order = await api('/order/orders', { method: 'POST', body: { advertiserId: 3, salesId: 5, total: 10, orderDate: '2026-02-12', periodStart: '2026-04-01', periodEnd: '2026-04-15' } });
    const move = await api(`/order/orders/${order.body.id as number}`, { method: 'PUT', body: { ...order.body, status: 'closed' } });
    expect(move.status).toBe(409);
  });
});

describe('campaign: members, attachments, history', () => {
  it('refuses a duplicate member with 409 and records each write in the history', async () => {
    const campaignId = await newCampaign('Natale 2026 – Torino');
    const member = { campaignId, username: 'designer', role: 'ROLE_DESIGNER' };
    expect((await api('/campaign/v1/campaignMembers', { method: 'POST', body: member })).status).toBe(201);
    expect((await api('/campaign/v1/campaignMembers', { method: 'POST', body: member })).status).toBe(409);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }), 'brief.pdf');
    expect((await api(`/campaign/v1/campaigns/${campaignId}/attachments`, { method: 'POST', form })).status).toBe(201);
    const history = await api(`/history/v1/history/idCampaign/${campaignId}`);
    expect(history.status).toBe(200);
    expect((history.body as unknown as Array<{ action: string }>).map((h) => h.action).sort()).toEqual(['attach', 'attach', 'create']);
  });

  it('connecting a campaign to an order sets its orderId; a second link is 409', async () => {
    const campaignId = await newCampaign();
    const order = await api('/order/orders', { method: 'POST', body: { advertiserId: 3, salesId: 5, total: 10, orderDate: '2026-02-12', periodStart: '2026-04-01', periodEnd: '2026-04-15' } });
    const link = { orderId: order.body.id, campaignId };
    expect((await api('/order/orderCampaigns', { method: 'POST', body: link })).status).toBe(201);
    expect((await api(`/campaign/v1/campaigns/${campaignId}`)).body.orderId).toBe(order.body.id);
    expect((await api('/order/orderCampaigns', { method: 'POST', body: link })).status).toBe(409);
  });
});

describe('creativity: uploads', () => {
  it('reads a PNG’s size, starts pending, and 415 for a “video” whose bytes are not one', async () => {
    const { solidPng } = await import('../../sandbox/services/creativity');
    const campaignId = await newCampaign();
    const form = new FormData();
    form.append('campaignId', String(campaignId));
    form.append('name', 'Poster');
    form.append('file', new Blob([new Uint8Array(solidPng(30, 20, [1, 2, 3]))], { type: 'image/png' }), 'poster.png');
    const created = await api('/creativity/v1/creatives/upload', { method: 'POST', form });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'image', width: 30, height: 20, status: 'pending' });
    const video = new FormData();
    video.append('campaignId', String(campaignId));
    video.append('name', 'Spot');
    video.append('file', new Blob([Buffer.from('not really a video')], { type: 'video/mp4' }), 'spot.mp4');
    // Judged by its bytes (file-type), not by the type the browser claims.
    expect((await api('/creativity/v1/creatives/upload', { method: 'POST', form: video })).status).toBe(415);
  });
});
