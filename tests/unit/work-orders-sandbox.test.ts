// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { advanceClock, resetClock } from '../../sandbox/clock';
import { addDays, todayOn } from '../../sandbox/shared/reservations';
import { photoFlags, readExif } from '../../sandbox/services/frame/workOrders';
import { faceDelivery } from '../../sandbox/services/frame/makeGoods';
import { proofOfPostingPdf } from '../../sandbox/services/frame/proofPdf';
import { seller } from '../../sandbox/company';
import { jpegWithExif } from '../support/exifJpeg';
import { pdfImageCounts, pdfPages } from '../support/pdfText';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openSmallSeed } from './support/smallSeed';

/*
 * Field operations in-process on the small seed: confirming a planning makes the posting and
 * removal orders per team; a team's link opens them; proof photos are read (EXIF time and place)
 * and flagged, never refused; done needs both photos; a problem opens a maintenance order; the
 * campaign's proof of posting says what is proven and what is missing.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
let served: ServedSandbox;
let base: string;
let admin: string;

beforeAll(async () => {
  db = await openSmallSeed();
  served = await serveSandbox(db);
  base = served.base;
  admin = await signIn('admin');
});

afterAll(async () => {
  await served?.close();
  await db.close();
});

const signIn = (username: string) => served.signIn(username);

type Json = Record<string, unknown> & Array<Record<string, unknown>>;

async function api(path: string, init: { method?: string; body?: unknown; token?: string | null; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (init.token !== null) headers.Authorization = `Bearer ${init.token ?? admin}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

/** A face whose system has a posting team, with the system's position. */
async function postableFace() {
  return (await postableFaces(1))[0];
}

/** `count` static faces free of any reservation whose systems have a posting team, with their systems' positions. */
async function postableFaces(count: number) {
  const { rows } = await db.query<{ frame: string; system: string; team: string; lat: number; lng: number }>(
    `SELECT f.id AS frame, s.id AS system, l.data->>'teamId' AS team, s.latitude AS lat, s.longitude AS lng
       FROM records l JOIN systems s ON s.id = (l.data->>'systemId')::bigint
       JOIN records f ON f.collection = 'frames' AND f.data->>'systemId' = s.id::text
      WHERE l.collection = 'system_providers' AND l.data->'duties' ?| array['affissione', 'installazione']
        AND NOT EXISTS (SELECT 1 FROM records r WHERE r.collection = 'reservations' AND r.data->>'frameId' = f.id::text)
        AND f.data->>'digital' = 'false'
      ORDER BY f.id LIMIT $1`,
    [count],
  );
  expect(rows.length, 'the small seed links posting teams to systems').toBe(count);
  return rows.map((r) => ({ frameId: Number(r.frame), systemId: Number(r.system), teamId: Number(r.team), latitude: r.lat, longitude: r.lng }));
}

function photoForm(kind: 'wide' | 'close', jpeg: Buffer) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${kind}.jpg`);
  return form;
}

describe('proof photos: EXIF read and checked', () => {
  it('reads the time and the position a camera wrote', async () => {
    const exif = await readExif(jpegWithExif({ takenAt: '2026-03-02T07:40:00', latitude: 45.4628, longitude: 9.1859 }));
    expect(exif.takenAt?.slice(0, 10)).toBe('2026-03-02');
    expect(exif.latitude).toBeCloseTo(45.4628, 3);
    expect(exif.longitude).toBeCloseTo(9.1859, 3);
    expect(await readExif(Buffer.from('not a photo'))).toEqual({ takenAt: null, latitude: null, longitude: null });
  });

  it('flags a photo taken too far, outside the window, or without time and place', () => {
    const face = { latitude: 45.4628, longitude: 9.1859 };
    expect(photoFlags({ takenAt: '2026-03-02T07:40:00Z', latitude: 45.4629, longitude: 9.186 }, '2026-03-02', face).flags).toEqual([]);
    const rome = photoFlags({ takenAt: '2026-03-02T07:40:00Z', latitude: 41.9028, longitude: 12.4964 }, '2026-03-02', face);
    expect(rome.flags).toEqual(['tooFar']);
    expect(rome.distanceMeters).toBeGreaterThan(400_000);
    expect(photoFlags({ takenAt: '2026-03-09T07:40:00Z', latitude: 45.4628, longitude: 9.1859 }, '2026-03-02', face).flags).toEqual(['outsideWindow']);
    expect(photoFlags({ takenAt: null, latitude: null, longitude: null }, '2026-03-02', face).flags).toEqual(['noTime', 'noPosition']);
  });
});

describe('work orders from a confirmed planning, done on the installer page', () => {
  it('makes the orders per team, takes two photos (one flagged), closes the order and proves the posting', async () => {
    const face = await postableFace();
    const start = addDays(todayOn(), 2);
    const end = addDays(start, 13);
    const campaign = await api('/campaign/v1/campaigns', { method: 'POST', body: { name: 'Prova affissione', advertiserId: 1, periodStart: start, periodEnd: end, budget: 1000 } });
    expect(campaign.status).toBe(201);
    const planning = await api('/planner/v1/plannings', { method: 'POST', body: { name: 'Pianificazione affissione', campaignId: campaign.body.id, periodStart: start, periodEnd: end } });
    expect(planning.status).toBe(201);
    const item = await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: planning.body.id, frameId: face.frameId, price: 500 } });
    expect(item.status).toBe(201);
    // No orders while it is a draft; asking for them is refused.
    expect((await api('/frame/v1/workOrders/fromPlanning', { method: 'POST', body: { planningId: planning.body.id } })).status).toBe(409);

    const confirmed = await api(`/planner/v1/plannings/${String(planning.body.id)}`, {
      method: 'PUT',
      body: { name: 'Pianificazione affissione', campaignId: campaign.body.id, periodStart: start, periodEnd: end, status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    const orders = await api(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.body.id }))}`);
    expect(orders.status).toBe(200);
    expect(orders.body.map((o) => [o.type, o.dueDate, o.teamId, o.status])).toEqual([
      ['posting', start, face.teamId, 'todo'],
      ['removal', addDays(end, 1), face.teamId, 'todo'],
    ]);
    // Asking again makes nothing more.
    const again = await api('/frame/v1/workOrders/fromPlanning', { method: 'POST', body: { planningId: planning.body.id } });
    expect(again.body.created).toBe(0);

    const link = await api('/frame/v1/teamLinks', { method: 'POST', body: { teamId: face.teamId } });
    expect(link.status).toBe(201);
    const token = String(link.body.token);
    const page = await api(`/frame/v1/field/${token}`, { token: null });
    expect(page.status).toBe(200);
    const posting = (page.body.workOrders as unknown as Array<Record<string, unknown>>).find((o) => o.planningId === planning.body.id && o.type === 'posting')!;
    expect(posting).toBeDefined();
    const id = Number(posting.id);

    // Done without photos is refused, naming both.
    const early = await api(`/frame/v1/field/${token}/workOrders/${id}/done`, { method: 'POST', body: {}, token: null });
    expect(early.status).toBe(409);
    expect(String(early.body.message)).toMatch(/foto d’insieme e la foto ravvicinata/);

    const near = jpegWithExif({ takenAt: `${start}T07:40:00`, latitude: face.latitude + 0.0001, longitude: face.longitude });
    const far = jpegWithExif({ takenAt: `${start}T07:41:00`, latitude: face.latitude + 0.5, longitude: face.longitude });
    const wide = await api(`/frame/v1/field/${token}/workOrders/${id}/photos`, { method: 'POST', form: photoForm('wide', near), token: null });
    expect(wide.status).toBe(201);
    const close = await api(`/frame/v1/field/${token}/workOrders/${id}/photos`, { method: 'POST', form: photoForm('close', far), token: null });
    expect(close.status).toBe(201);
    const photos = close.body.photos as unknown as Array<{ kind: string; flags: string[]; distanceMeters: number }>;
    expect(photos.map((p) => [p.kind, p.flags])).toEqual([
      ['wide', []],
      ['close', ['tooFar']],
    ]);
    expect(photos[1].distanceMeters).toBeGreaterThan(50_000);

    const done = await api(`/frame/v1/field/${token}/workOrders/${id}/done`, { method: 'POST', body: { note: 'Affisso' }, token: null });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('done');

    // Another team's link does not open this order.
    const { rows: teams } = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'teams' AND id <> $1 ORDER BY id LIMIT 1`, [face.teamId]);
    const other = await api('/frame/v1/teamLinks', { method: 'POST', body: { teamId: Number(teams[0].id) } });
    expect(other.status).toBe(201);
    expect((await api(`/frame/v1/field/${String(other.body.token)}/workOrders/${id}/done`, { method: 'POST', body: {}, token: null })).status).toBe(404);
    // A link works until it expires (90 days by default): then the page says so.
    try {
      await advanceClock(91 * 86_400_000);
      expect((await api(`/frame/v1/field/${token}`, { token: null })).status).toBe(404);
    } finally {
      await resetClock();
    }

    const proof = await api(`/frame/v1/proofOfPosting/${String(campaign.body.id)}`);
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ faces: 1, proven: 1, missing: [] });
    const row = (proof.body.rows as unknown as Array<Record<string, unknown>>)[0];
    expect(row).toMatchObject({ frameId: face.frameId, status: 'done', missing: null });
    expect((row.photos as unknown[]).length).toBe(2);
  });

  it('reports a problem: the order moves to problem and a maintenance order is made for the next day', async () => {
    const face = await postableFace();
    const created = await api('/frame/v1/workOrders', { method: 'POST', body: { frameId: face.frameId, type: 'posting', dueDate: todayOn() } });
    expect(created.status).toBe(201);
    expect(created.body.teamId).toBe(face.teamId);
    const link = await api('/frame/v1/teamLinks', { method: 'POST', body: { teamId: face.teamId } });
    const answer = await api(`/frame/v1/field/${String(link.body.token)}/workOrders/${String(created.body.id)}/problem`, {
      method: 'POST',
      body: { kind: 'vandalised', note: 'Scritte sul manifesto' },
      token: null,
    });
    expect(answer.status).toBe(200);
    const { workOrder, maintenance } = answer.body as unknown as { workOrder: Record<string, unknown>; maintenance: Record<string, unknown> };
    expect(workOrder.status).toBe('problem');
    expect(maintenance).toMatchObject({ type: 'maintenance', frameId: face.frameId, dueDate: addDays(todayOn(), 1), status: 'todo' });
    expect(String(maintenance.notes)).toContain('Vandalizzato: Scritte sul manifesto');
  });

  it('lists an order past its due date as late, and filters by it', async () => {
    const face = await postableFace();
    const created = await api('/frame/v1/workOrders', { method: 'POST', body: { frameId: face.frameId, type: 'removal', dueDate: addDays(todayOn(), -3) } });
    expect(created.body.status).toBe('late');
    const late = await api(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ status: 'late', frameId: face.frameId }))}`);
    expect(late.body.map((o) => o.id)).toContain(created.body.id);
    const todo = await api(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ status: 'todo', frameId: face.frameId }))}`);
    expect(todo.body.map((o) => o.id)).not.toContain(created.body.id);
  });
});

/** A campaign whose confirmed planning books `faces` from two days ahead for two weeks. */
async function bookedCampaign(name: string, faces: number[]) {
  const start = addDays(todayOn(), 2);
  const end = addDays(start, 13);
  const campaign = await api('/campaign/v1/campaigns', { method: 'POST', body: { name, advertiserId: 1, periodStart: start, periodEnd: end, budget: 1000 } });
  const planning = await api('/planner/v1/plannings', { method: 'POST', body: { name: `Pianificazione ${name}`, campaignId: campaign.body.id, periodStart: start, periodEnd: end } });
  for (const frameId of faces) {
    expect((await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: planning.body.id, frameId, price: 500 } })).status).toBe(201);
  }
  const confirmed = await api(`/planner/v1/plannings/${String(planning.body.id)}`, {
    method: 'PUT',
    body: { name: `Pianificazione ${name}`, campaignId: campaign.body.id, periodStart: start, periodEnd: end, status: 'confirmed' },
  });
  expect(confirmed.status).toBe(200);
  const orders = await api(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.body.id, type: 'posting' }))}`);
  return { campaignId: Number(campaign.body.id), planningId: Number(planning.body.id), start, end, postings: orders.body as Array<Record<string, unknown>> };
}

async function pdfOf(path: string, token?: string) {
  const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token ?? admin}` } });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('the proof of posting as a PDF', () => {
  it('writes each face with its photos embedded, date and place, and a «Mancante» section naming the face without proof', async () => {
    const [posted, missingFace] = await postableFaces(2);
    const campaignName = 'Prova affissione in PDF';
    const start = addDays(todayOn(), 2);
    const campaign = await bookedCampaign(campaignName, [posted.frameId, missingFace.frameId]);
    const posting = campaign.postings.find((o) => o.frameId === posted.frameId)!;
    const link = await api('/frame/v1/teamLinks', { method: 'POST', body: { teamId: posted.teamId } });
    const token = String(link.body.token);
    const near = jpegWithExif({ takenAt: `${start}T07:40:00`, latitude: posted.latitude + 0.0001, longitude: posted.longitude });
    const far = jpegWithExif({ takenAt: `${start}T07:41:00`, latitude: posted.latitude + 0.5, longitude: posted.longitude });
    expect((await api(`/frame/v1/field/${token}/workOrders/${String(posting.id)}/photos`, { method: 'POST', form: photoForm('wide', near), token: null })).status).toBe(201);
    expect((await api(`/frame/v1/field/${token}/workOrders/${String(posting.id)}/photos`, { method: 'POST', form: photoForm('close', far), token: null })).status).toBe(201);
    expect((await api(`/frame/v1/field/${token}/workOrders/${String(posting.id)}/done`, { method: 'POST', body: {}, token: null })).status).toBe(200);

    const proof = await api(`/frame/v1/proofOfPosting/${campaign.campaignId}`);
    expect(proof.body).toMatchObject({ faces: 2, proven: 1 });
    const rows = proof.body.rows as unknown as Array<{ frameId: number; frameName: string; systemCode: string }>;
    const label = (frameId: number) => rows.find((r) => r.frameId === frameId)!;

    const pdf = await pdfOf(`/frame/v1/proofOfPosting/${campaign.campaignId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain(`prova-affissione-${campaign.campaignId}.pdf`);
    const pages = await pdfPages(pdf.bytes);
    const text = pages.join(' ');
    expect(text).toContain('PROVA DI AFFISSIONE');
    expect(text).toContain(campaignName);
    expect(text).toContain('Facce con la prova: 1 di 2');
    for (const r of rows) expect(text).toContain(`${r.frameName} · ${r.systemCode}`);
    // The «Mancante» section names the face without proof, before the faces.
    const missing = label(missingFace.frameId);
    const section = text.slice(text.indexOf('Mancante'), text.indexOf(`${label(posted.frameId).frameName} · ${label(posted.frameId).systemCode}`));
    expect(section).toContain(`${missing.frameName} di ${missing.systemCode}: affissione non ancora fatta`);
    expect(section).not.toContain(`${label(posted.frameId).frameName} di ${label(posted.frameId).systemCode}`);
    // Each photo: its kind, when and where, how far from the face and what to check.
    expect(text).toContain('2 foto');
    expect(text).toContain('Foto d’insieme');
    expect(text).toContain('Foto ravvicinata');
    expect(text).toMatch(/a \d+ m dalla faccia/);
    expect(text).toMatch(/a [\d,]+ km dalla faccia/);
    expect(text).toContain('Da verificare: Lontana dalla faccia');
    // The two photos are embedded (with the letterhead's logo on every page).
    const images = await pdfImageCounts(pdf.bytes);
    expect(images.reduce((a, b) => a + b, 0)).toBe(pages.length + 2);
    pages.forEach((page, i) => expect(page).toContain(`Pagina ${i + 1} di ${pages.length}`));
  });

  it('embeds a photo whose bytes sit in a shared Buffer pool, as the store answers small files', async () => {
    const jpeg = jpegWithExif({ takenAt: '2027-03-02T07:40:00', latitude: 45.46, longitude: 9.18 });
    Buffer.allocUnsafe(16);
    const pooled = Buffer.from(jpeg);
    expect(pooled.byteOffset).toBeGreaterThan(0);
    const photo = (id: number, kind: 'wide' | 'close') => ({ id, kind, takenAt: '2027-03-02T07:40:00Z', latitude: 45.46, longitude: 9.18, distanceMeters: 3, flags: [], uploadedAt: '2027-03-02T07:44:00Z' });
    const proof = {
      campaignId: 9,
      campaignName: 'Primavera 2027',
      advertiserName: 'Caffè Roma',
      faces: 1,
      proven: 1,
      missing: [],
      rows: [{ frameId: 11, frameName: 'Faccia A', systemCode: 'MI-0001', address: 'Via Torino 12', municipality: 'Milano', periodStart: '2027-03-02', periodEnd: '2027-03-15', workOrderId: 41, status: 'done' as const, doneAt: '2027-03-02T07:45:00Z', photos: [photo(1, 'wide'), photo(2, 'close')], missing: null }],
    };
    const bytes = await proofOfPostingPdf(proof, seller(), async () => ({ mediaType: 'image/jpeg', content: pooled }), '2027-03-12');
    const images = await pdfImageCounts(bytes);
    expect(images).toEqual([3]);
    expect((await pdfPages(bytes))[0]).toContain('Nulla: ogni faccia ha la sua prova.');
  });

  it('is the campaign’s own: an unknown campaign is 404, and a role without work orders is refused', async () => {
    expect((await pdfOf('/frame/v1/proofOfPosting/999999/pdf')).status).toBe(404);
    expect((await pdfOf('/frame/v1/proofOfPosting/1/pdf', await signIn('designer'))).status).toBe(403);
  });
});

describe('delivered against contracted', () => {
  const period = { periodStart: '2027-03-02', periodEnd: '2027-03-15', today: '2027-03-12' };

  it('counts the days lost from a problem’s report to the day before its maintenance is done, and the days posted less those', () => {
    const fixed = faceDelivery({ ...period, postedOn: '2027-03-02', problems: [{ reportedOn: '2027-03-05', fixedOn: '2027-03-08' }], madeGoodDays: 0 });
    expect(fixed).toMatchObject({ contractedDays: 14, postedDays: 8, lostDays: 3, problemLost: [3], status: 'lost' });
    // While the maintenance is open the days run to today.
    const open = faceDelivery({ ...period, postedOn: '2027-03-02', problems: [{ reportedOn: '2027-03-05', fixedOn: null }], madeGoodDays: 0 });
    expect(open).toMatchObject({ postedDays: 3, lostDays: 8, status: 'problem' });
    // Made good once the days given cover the days lost.
    expect(faceDelivery({ ...period, postedOn: '2027-03-02', problems: [{ reportedOn: '2027-03-05', fixedOn: '2027-03-08' }], madeGoodDays: 3 }).status).toBe('madeGood');
    // Overlapping problems count a day once; a report before the period counts from its start.
    const twice = faceDelivery({ ...period, postedOn: '2027-03-02', problems: [{ reportedOn: '2027-02-20', fixedOn: '2027-03-04' }, { reportedOn: '2027-03-03', fixedOn: '2027-03-05' }], madeGoodDays: 0 });
    expect(twice).toMatchObject({ lostDays: 3, problemLost: [2, 2] });
    expect(faceDelivery({ ...period, today: '2027-02-27', postedOn: null, problems: [], madeGoodDays: 0 })).toMatchObject({ postedDays: 0, lostDays: 0, status: 'scheduled' });
    expect(faceDelivery({ ...period, postedOn: null, problems: [], madeGoodDays: 0 }).status).toBe('notPosted');
    expect(faceDelivery({ ...period, postedOn: '2027-03-03', problems: [], madeGoodDays: 0 })).toMatchObject({ postedDays: 10, status: 'regular' });
  });

  it('shows a problem on the face as days lost, and gives them back: more days on the face, refused when taken, or another face booked with its posting order', async () => {
    const day = 86_400_000;
    const [face, otherFace] = await postableFaces(2);
    const campaign = await bookedCampaign('Consegna e recuperi', [face.frameId]);
    const { start, end } = campaign;
    const posting = campaign.postings[0];
    const link = await api('/frame/v1/teamLinks', { method: 'POST', body: { teamId: face.teamId, expiresAt: new Date(Date.now() + 200 * day).toISOString().replace(/\.\d{3}Z$/, 'Z') } });
    const token = String(link.body.token);
    try {
      // Posted on its first day with both photos.
      await advanceClock(2 * day);
      const photo = jpegWithExif({ takenAt: `${start}T07:40:00`, latitude: face.latitude, longitude: face.longitude });
      for (const kind of ['wide', 'close'] as const) {
        expect((await api(`/frame/v1/field/${token}/workOrders/${String(posting.id)}/photos`, { method: 'POST', form: photoForm(kind, photo), token: null })).status).toBe(201);
      }
      expect((await api(`/frame/v1/field/${token}/workOrders/${String(posting.id)}/done`, { method: 'POST', body: {}, token: null })).status).toBe(200);
      // Torn two days later (reported on its open removal order), mended three days after that.
      await advanceClock(2 * day);
      const removal = (await api(`/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ planningId: campaign.planningId, type: 'removal' }))}`, { token: await signIn('admin') })).body[0];
      const reported = await api(`/frame/v1/field/${token}/workOrders/${String(removal.id)}/problem`, { method: 'POST', body: { kind: 'torn', note: 'Strappato dal vento' }, token: null });
      expect(reported.status).toBe(200);
      const maintenance = (reported.body as unknown as { maintenance: Record<string, unknown> }).maintenance;
      admin = await signIn('admin');
      const open = await api(`/frame/v1/campaignDelivery/${campaign.campaignId}`);
      expect(open.status).toBe(200);
      expect(open.body.rows).toEqual([
        expect.objectContaining({ frameId: face.frameId, periodStart: start, periodEnd: end, contractedDays: 14, postedDays: 2, lostDays: 1, madeGoodDays: 0, status: 'problem' }),
      ]);
      expect((open.body.rows as unknown as Array<{ problems: unknown[] }>)[0].problems).toEqual([
        expect.objectContaining({ kind: 'torn', note: 'Strappato dal vento', maintenanceCode: maintenance.code, fixedAt: null, lostDays: 1 }),
      ]);
      await advanceClock(3 * day);
      admin = await signIn('admin');
      const mended = await api(`/frame/v1/workOrders/${String(maintenance.id)}`, {
        method: 'PUT',
        body: { frameId: face.frameId, type: 'maintenance', dueDate: maintenance.dueDate, status: 'done' },
      });
      expect(mended.status).toBe(200);
      await advanceClock(2 * day);
      admin = await signIn('admin');
      const after = await api(`/frame/v1/campaignDelivery/${campaign.campaignId}`);
      const row = (after.body.rows as unknown as Array<Record<string, unknown>>)[0];
      expect(row).toMatchObject({ postedDays: 5, lostDays: 3, status: 'lost' });

      // Three more days on the same face: its booking goes on and its removal moves.
      const salesleader = await signIn('salesleader');
      const extra = await api('/frame/v1/makeGoods', { method: 'POST', token: salesleader, body: { planningItemId: row.planningItemId, kind: 'extraDays', days: 3, reason: 'Manifesto strappato per tre giorni' } });
      expect(extra.status).toBe(201);
      expect(extra.body).toMatchObject({ kind: 'extraDays', days: 3, givenFrameId: face.frameId, periodStart: addDays(end, 1), periodEnd: addDays(end, 3), createdBy: 'salesleader', reason: 'Manifesto strappato per tre giorni' });
      expect(String(extra.body.createdByName)).not.toBe('salesleader');
      const item = await api(`/planner/v1/planningItems/${String(row.planningItemId)}`);
      expect(item.body).toMatchObject({ periodEnd: addDays(end, 3), reservationStatus: 'booked' });
      const moved = await api(`/frame/v1/workOrders/${String(extra.body.workOrderId)}`);
      expect(moved.body).toMatchObject({ type: 'removal', dueDate: addDays(end, 4) });
      const madeGood = await api(`/frame/v1/campaignDelivery/${campaign.campaignId}`);
      expect((madeGood.body.rows as unknown as Array<Record<string, unknown>>)[0]).toMatchObject({ periodEnd: end, madeGoodDays: 3, status: 'madeGood' });

      // Another campaign books the face right after: more days are refused, naming it.
      const next = await api('/campaign/v1/campaigns', { method: 'POST', body: { name: 'Campagna seguente', advertiserId: 2, periodStart: addDays(end, 4), periodEnd: addDays(end, 10), budget: 100 } });
      const nextPlanning = await api('/planner/v1/plannings', { method: 'POST', body: { name: 'Pianificazione seguente', campaignId: next.body.id, periodStart: addDays(end, 4), periodEnd: addDays(end, 10) } });
      expect((await api('/planner/v1/planningItems', { method: 'POST', body: { planningId: nextPlanning.body.id, frameId: face.frameId } })).status).toBe(201);
      const refused = await api('/frame/v1/makeGoods', { method: 'POST', token: salesleader, body: { planningItemId: row.planningItemId, kind: 'extraDays', days: 1, reason: 'Ancora un giorno' } });
      expect(refused.status).toBe(409);
      expect(String(refused.body.message)).toContain('in opzione');
      expect((refused.body.blockers as unknown as unknown[]).length).toBe(1);

      // Another face instead: booked in the same planning at no price, with its posting order.
      const tomorrow = addDays(todayOn(), 1);
      const other = await api('/frame/v1/makeGoods', {
        method: 'POST',
        token: salesleader,
        body: { planningItemId: row.planningItemId, kind: 'otherFace', frameId: otherFace.frameId, days: 2, periodStart: tomorrow, reason: 'Altri due giorni altrove' },
      });
      expect(other.status).toBe(201);
      expect(other.body).toMatchObject({ kind: 'otherFace', givenFrameId: otherFace.frameId, periodStart: tomorrow, periodEnd: addDays(tomorrow, 1) });
      const items = await api(`/planner/v1/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId: campaign.planningId }))}`);
      expect(items.body.find((i) => i.frameId === otherFace.frameId)).toMatchObject({ periodStart: tomorrow, periodEnd: addDays(tomorrow, 1), price: 0, reservationStatus: 'booked' });
      const order = await api(`/frame/v1/workOrders/${String(other.body.workOrderId)}`);
      expect(order.body).toMatchObject({ type: 'posting', frameId: otherFace.frameId, dueDate: tomorrow, teamId: otherFace.teamId, campaignId: campaign.campaignId });
      const final = await api(`/frame/v1/campaignDelivery/${campaign.campaignId}`);
      expect((final.body.rows as unknown as unknown[]).length).toBe(1);
      expect((final.body.makeGoods as unknown as Array<{ kind: string }>).map((m) => m.kind)).toEqual(['otherFace', 'extraDays']);
      // The face given is taken now: the same days again are refused.
      const again = await api('/frame/v1/makeGoods', {
        method: 'POST',
        token: salesleader,
        body: { planningItemId: row.planningItemId, kind: 'otherFace', frameId: otherFace.frameId, days: 2, periodStart: tomorrow, reason: 'Di nuovo' },
      });
      expect(again.status).toBe(409);
      // A planner reads the delivery but gives no make-good.
      const planner = await signIn('planner');
      expect((await api(`/frame/v1/campaignDelivery/${campaign.campaignId}`, { token: planner })).status).toBe(200);
      expect((await api('/frame/v1/makeGoods', { method: 'POST', token: planner, body: { planningItemId: row.planningItemId, kind: 'extraDays', days: 1, reason: 'x' } })).status).toBe(403);
    } finally {
      await resetClock();
      admin = await signIn('admin');
    }
  });
});
