// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceClock, resetClock } from '../../sandbox/clock';
import type { Db } from '../../sandbox/db';
import { rng } from '../../sandbox/seed/random';
import { SERVICE_MODULES } from '../../sandbox/services';
import { addDays, busiest, itDate, todayOn } from '../../sandbox/shared/reservations';
import { priceOverPeriod } from '../../sandbox/shared/pricing';
import { moveClock } from '../../sandbox/services/scheduler';
import { insertRecord, type StoredRecord } from '../../sandbox/store';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openMigrated } from './support/smallSeed';

/*
 * The unit of sale in-process: a face for a period, held under option (expiry, renewal, release,
 * the queue), slots of a screen, category rules, prices by period, plannings that book faces at
 * the price sold, notices and the availability of the inventory. Dates are relative to the
 * sandbox's today; expiry is proved by moving the sandbox clock.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const USERS = ['admin', 'sales', 'salesleader', 'chiara.esposito'] as const;
type User = (typeof USERS)[number];
const tokens = {} as Record<User, string>;
let db: Db;
let served: ServedSandbox;
let base: string;
let nextSystem = 9000;
/** Advertisers by name. */
const adv: Record<string, number> = {};
let campaignId: number;

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    await SERVICE_MODULES.user.seed?.(tx, { size: 'small', rng: rng(20261127) });
    const advertisers: Array<[string, string]> = [
      ['Caffè Roma', 'Alimentari'],
      ['Moda Sud', 'Abbigliamento'],
      ['Banca Nord', 'Finanza'],
      ['Scommesse Srl', 'Giochi e scommesse'],
      ['Auto Uno', 'Automotive'],
      ['Auto Due', 'Automotive'],
      ...Array.from({ length: 7 }, (_, i): [string, string] => [`Cliente ${i + 1}`, 'Abbigliamento']),
    ];
    for (const [name, businessArea] of advertisers) adv[name] = (await insertRecord(tx, 'advertisers', { name, businessArea })).id;
    campaignId = (await insertRecord(tx, 'campaigns', { name: 'Campagna Caffè', advertiserId: adv['Caffè Roma'], orderId: null, periodStart: '2026-01-01', periodEnd: '2027-12-31', status: 'planned', budget: 1000 })).id;
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

/** Signs every user in again: a session lasts 12 hours of the sandbox's clock. */
async function signInAll() {
  for (const username of USERS) {
    tokens[username] = await served.signIn(username);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function api(path: string, init: { method?: string; body?: unknown; as?: User } = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[init.as ?? 'admin']}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}/planner/v1${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const day = (offset: number) => addDays(todayOn(), offset);

/** The body of a planning's update to confirmed. */
const confirm = (p: Json) => ({ name: p.name, campaignId: p.campaignId, periodStart: p.periodStart, periodEnd: p.periodEnd, status: 'confirmed' });

/** A fresh system with `count` static faces (or one screen of 6 slots); its code and the faces' ids. */
async function newSystem(kind: { faces?: number; screen?: boolean; excluded?: string[] } = {}) {
  const id = (nextSystem += 1);
  const code = `MI-${id}`;
  await db.query(
    `INSERT INTO systems (id, code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude)
     VALUES ($1, $2, $3, $4, $5, 'Via Torino 12', 'Lombardia', 'MI', '015146', 'Milano', 45.46, 9.18)`,
    [id, code, `Impianto ${id}`, kind.screen ? 'DOOH' : 'OOH', kind.screen ? 'totem' : 'poster'],
  );
  const names = ['Faccia A', 'Faccia B', 'Faccia C', 'Faccia D'];
  const frames: number[] = [];
  for (let i = 0; i < (kind.screen ? 1 : (kind.faces ?? 1)); i += 1) {
    const data = kind.screen
      ? { systemId: id, name: 'Schermo', position: 1, width: 120, height: 200, digital: true, loopSeconds: 60, slotSeconds: 10, slots: 6, excludedBusinessAreas: [], status: 'active' }
      : { systemId: id, name: names[i], position: i + 1, width: 600, height: 300, digital: false, slots: 1, excludedBusinessAreas: kind.excluded ?? [], status: 'active' };
    frames.push((await insertRecord(db, 'frames', data)).id);
  }
  return { id, code, frames };
}

const hold = (frameId: number, advertiser: string, as: User, extra: Record<string, unknown> = {}, period: [number, number] = [20, 33]) =>
  api('/reservations', { method: 'POST', as, body: { frameId, periodStart: day(period[0]), periodEnd: day(period[1]), advertiserId: adv[advertiser], ...extra } });

describe('options', () => {
  it('expire by default at the estimate’s validity, else after the default days, never past the longest duration or the period', async () => {
    const { code, frames } = await newSystem({ faces: 4 });
    const soon = (await insertRecord(db, 'estimates', { name: 'Offerta Caffè', advertiserId: adv['Caffè Roma'], status: 'sent', validUntil: day(5), lines: [] })).id;
    const late = (await insertRecord(db, 'estimates', { name: 'Offerta lunga', advertiserId: adv['Caffè Roma'], status: 'sent', validUntil: day(60), lines: [] })).id;

    const byEstimate = await hold(frames[0], 'Caffè Roma', 'sales', { estimateId: soon });
    expect(byEstimate.status).toBe(201);
    expect(byEstimate.body).toMatchObject({
      frameId: frames[0],
      frameName: 'Faccia A',
      systemCode: code,
      status: 'option',
      holder: 'sales',
      advertiserName: 'Caffè Roma',
      estimateId: soon,
      expiresOn: day(5),
      queuePosition: null,
      warnings: [],
    });
    expect(byEstimate.body.holderName).not.toBe('sales');
    // No estimate: the settings' default (14 days).
    expect((await hold(frames[1], 'Caffè Roma', 'sales')).body.expiresOn).toBe(day(14));
    // An estimate valid for 60 days: capped at the longest duration (30 days)…
    expect((await hold(frames[2], 'Caffè Roma', 'sales', { estimateId: late }, [40, 60])).body.expiresOn).toBe(day(30));
    // …and never past the period's last day.
    expect((await hold(frames[3], 'Caffè Roma', 'sales', { estimateId: soon }, [1, 3])).body.expiresOn).toBe(day(3));
  });

  it('refuses an expiry asked past the longest duration with 409, and takes one within it', async () => {
    const { frames } = await newSystem();
    const refused = await hold(frames[0], 'Caffè Roma', 'sales', { expiresOn: day(31) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Un'opzione può durare al massimo 30 giorni: fino al ${itDate(day(30))}`);
    // Nothing was held by the refusal.
    const held = await hold(frames[0], 'Caffè Roma', 'sales', { expiresOn: day(30) });
    expect(held.status).toBe(201);
    expect(held.body.expiresOn).toBe(day(30));
  });

  it('renews within the longest duration, refuses past it (409) and refuses another seller (403)', async () => {
    const { frames } = await newSystem();
    const { body: option } = await hold(frames[0], 'Caffè Roma', 'sales');
    const renewed = await api(`/reservations/${option.id}/renew`, { method: 'POST', as: 'sales', body: { expiresOn: day(25) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ id: option.id, status: 'option', expiresOn: day(25) });
    const tooLate = await api(`/reservations/${option.id}/renew`, { method: 'POST', as: 'sales', body: { expiresOn: day(31) } });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toContain('al massimo 30 giorni');
    const today = await api(`/reservations/${option.id}/renew`, { method: 'POST', as: 'sales', body: { expiresOn: day(0) } });
    expect(today.status).toBe(409);
    const other = await api(`/reservations/${option.id}/renew`, { method: 'POST', as: 'chiara.esposito', body: { expiresOn: day(20) } });
    expect(other.status).toBe(403);
    // The sales leader may.
    expect((await api(`/reservations/${option.id}/renew`, { method: 'POST', as: 'salesleader', body: { expiresOn: day(30) } })).body.expiresOn).toBe(day(30));
    expect((await api(`/reservations/${option.id}`)).body.expiresOn).toBe(day(30));
  });

  it('are released by their holder or a sales leader, not by another seller; a booking only by an admin', async () => {
    const { frames } = await newSystem({ faces: 3 });
    const { body: mine } = await hold(frames[0], 'Caffè Roma', 'sales');
    const { body: theirs } = await hold(frames[1], 'Moda Sud', 'sales');
    const refused = await api(`/reservations/${mine.id}/release`, { method: 'POST', as: 'chiara.esposito', body: {} });
    expect(refused.status).toBe(403);
    expect((await api(`/reservations/${mine.id}`)).body.status).toBe('option');
    const released = await api(`/reservations/${mine.id}/release`, { method: 'POST', as: 'sales', body: { reason: 'Il cliente ha scelto un altro periodo' } });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ status: 'released', endReason: 'Il cliente ha scelto un altro periodo' });
    expect((await api(`/reservations/${mine.id}/release`, { method: 'POST', as: 'sales', body: {} })).status).toBe(409);
    expect((await api(`/reservations/${theirs.id}/release`, { method: 'POST', as: 'salesleader', body: {} })).body.status).toBe('released');
    // The face is free again.
    expect((await hold(frames[0], 'Banca Nord', 'chiara.esposito')).status).toBe(201);

    // A booking: a confirmed planning's face.
    const planning = await api('/plannings', { method: 'POST', body: { name: 'Confermata', campaignId, periodStart: day(20), periodEnd: day(33) } });
    await api(`/plannings/${planning.body.id}`, { method: 'PUT', body: confirm(planning.body) });
    const item = await api('/planningItems', { method: 'POST', body: { planningId: planning.body.id, frameId: frames[2], price: 800 } });
    expect(item.body).toMatchObject({ reservationStatus: 'booked', expiresOn: null });
    const booking = item.body.reservationId;
    expect((await api(`/reservations/${booking}/release`, { method: 'POST', as: 'salesleader', body: {} })).status).toBe(403);
    expect((await api(`/reservations/${booking}/release`, { method: 'POST', as: 'admin', body: {} })).body.status).toBe('released');
  });
});

describe('options of an estimate', () => {
  const estimateApi = async (path: string, method: string) => {
    const response = await fetch(`${base}/estimate/estimate${path}`, { method, headers: { Authorization: `Bearer ${tokens.admin}` } });
    return response.status;
  };

  it('are released when the estimate is refused or deleted, and the queue behind them moves on', async () => {
    const { frames } = await newSystem({ faces: 2 });
    const refusedOffer = (await insertRecord(db, 'estimates', { name: 'Offerta rifiutata', advertiserId: adv['Caffè Roma'], status: 'sent', validUntil: day(10), lines: [] })).id;
    const deletedOffer = (await insertRecord(db, 'estimates', { name: 'Offerta eliminata', advertiserId: adv['Moda Sud'], status: 'draft', validUntil: day(10), lines: [] })).id;
    const { body: refusedOption } = await hold(frames[0], 'Caffè Roma', 'sales', { estimateId: refusedOffer });
    const { body: waiting } = await hold(frames[0], 'Banca Nord', 'salesleader', { queue: true });
    const { body: deletedOption } = await hold(frames[1], 'Moda Sud', 'sales', { estimateId: deletedOffer });
    expect(waiting.status).toBe('waiting');

    expect(await estimateApi(`/changeStatus?estimateId=${refusedOffer}&status=rejected`, 'PUT')).toBe(200);
    expect((await api(`/reservations/${refusedOption.id}`)).body).toMatchObject({ status: 'released', endReason: 'Preventivo rifiutato' });
    expect((await api(`/reservations/${waiting.id}`)).body.status).toBe('option');

    expect(await estimateApi(`/delete?id=${deletedOffer}`, 'DELETE')).toBe(204);
    expect((await api(`/reservations/${deletedOption.id}`)).body).toMatchObject({ status: 'released', endReason: 'Preventivo eliminato' });
  });
});

describe('the queue and expiry on the sandbox clock', () => {
  it('queues behind an option in order, and when the option expires the first waiting becomes an option and its holder is told', async () => {
    const { code, frames } = await newSystem();
    const [face] = frames;
    const { body: option } = await hold(face, 'Caffè Roma', 'sales', { expiresOn: day(2) });
    const noQueue = await hold(face, 'Moda Sud', 'salesleader');
    expect(noQueue.status).toBe(409);
    expect(noQueue.body.message).toBe(
      `Faccia A di ${code} è in opzione dal ${itDate(day(20))} al ${itDate(day(33))} per Caffè Roma (${option.holderName}, fino al ${itDate(day(2))}): puoi metterti in coda`,
    );
    expect(noQueue.body.blockers).toEqual([expect.objectContaining({ reservationId: option.id, status: 'option', advertiserName: 'Caffè Roma', expiresOn: day(2) })]);
    const first = await hold(face, 'Moda Sud', 'salesleader', { queue: true });
    const second = await hold(face, 'Banca Nord', 'chiara.esposito', { queue: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'waiting', queuePosition: 1 });
    expect(second.body).toMatchObject({ status: 'waiting', queuePosition: 2 });
    const listed = await api(`/reservations?filter=${encodeURIComponent(JSON.stringify({ frameId: face, status: 'waiting' }))}&sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(listed.body.map((r: Json) => [r.id, r.queuePosition])).toEqual([
      [first.body.id, 1],
      [second.body.id, 2],
    ]);

    try {
      // The option's last day is day 2: on day 3 it has expired.
      await advanceClock(3 * 86_400_000);
      await signInAll();
      expect((await api(`/reservations/${option.id}`)).body).toMatchObject({ status: 'expired', endReason: `Scaduta il ${itDate(day(-1))}` });
      const promoted = (await api(`/reservations/${first.body.id}`)).body;
      expect(promoted).toMatchObject({ status: 'option', queuePosition: null });
      expect(promoted.expiresOn > todayOn()).toBe(true);
      expect((await api(`/reservations/${second.body.id}`)).body).toMatchObject({ status: 'waiting', queuePosition: 1 });

      const leader = await api('/notifications', { as: 'salesleader' });
      const freed = leader.body.filter((n: Json) => n.kind === 'optionFreed' && n.link.includes(`frameId=${face}&`));
      expect(freed).toHaveLength(1);
      // Three days on, the period that began on day 20 begins on day 17.
      expect(freed[0]).toMatchObject({ username: 'salesleader', readAt: null, link: `/availability?frameId=${face}&periodStart=${day(17)}` });
      expect(freed[0].message).toContain(`Faccia A di ${code} si è liberata dal ${itDate(day(17))} al ${itDate(day(30))}: la tua richiesta in coda è ora un'opzione`);
      const sales = await api('/notifications', { as: 'sales' });
      expect(sales.body.filter((n: Json) => n.kind === 'optionExpired' && n.link.includes(`frameId=${face}&`))).toHaveLength(1);
      // Chiara is still waiting: no notice for her.
      expect((await api('/notifications', { as: 'chiara.esposito' })).body.filter((n: Json) => n.link.includes(`frameId=${face}&`))).toEqual([]);

      // Notices are only the caller's: another user cannot read or mark them.
      expect((await api(`/notifications/${freed[0].id}/read`, { method: 'POST', as: 'chiara.esposito' })).status).toBe(404);
      const read = await api(`/notifications/${freed[0].id}/read`, { method: 'POST', as: 'salesleader' });
      expect(read.status).toBe(200);
      expect(read.body.readAt).toEqual(expect.any(String));
      const unread = await api(`/notifications?filter=${encodeURIComponent('{"unread":true}')}`, { as: 'salesleader' });
      expect(unread.body.map((n: Json) => n.id)).not.toContain(freed[0].id);
      for (const user of USERS) {
        const mine = await api('/notifications', { as: user });
        expect(mine.body.every((n: Json) => n.username === user), user).toBe(true);
      }
    } finally {
      await resetClock();
      await signInAll();
    }
  });

  it('a test may ask what will have expired by a later instant without moving the clock (POST /internal/clock with back=1)', async () => {
    const { frames } = await newSystem();
    const { body: option } = await hold(frames[0], 'Caffè Roma', 'sales', { expiresOn: day(1) });
    const { body: waiting } = await hold(frames[0], 'Moda Sud', 'salesleader', { queue: true });
    const before = Date.now();
    const answer = await moveClock({ runDue: async () => undefined } as unknown as Parameters<typeof moveClock>[0])(db, new URLSearchParams({ advanceSeconds: String(3 * 86_400), back: '1' }));
    expect(Date.parse(answer.now)).toBeGreaterThan(before + 2 * 86_400_000);
    // The clock did not move: the sessions signed in before still answer.
    expect(todayOn()).toBe(new Date().toISOString().slice(0, 10));
    expect((await api(`/reservations/${option.id}`)).body).toMatchObject({ status: 'expired' });
    expect((await api(`/reservations/${waiting.id}`)).body).toMatchObject({ status: 'option' });
    const notices = await api('/notifications', { as: 'salesleader' });
    expect(notices.body.some((n: Json) => n.kind === 'optionFreed' && n.link.startsWith(`/availability?frameId=${frames[0]}&`))).toBe(true);
  });

  it('lists the caller’s own with mine, and releasing an option moves the queue on', async () => {
    const { frames } = await newSystem();
    const { body: option } = await hold(frames[0], 'Caffè Roma', 'chiara.esposito');
    const { body: waiting } = await hold(frames[0], 'Moda Sud', 'sales', { queue: true });
    const mine = await api(`/reservations?filter=${encodeURIComponent('{"mine":true}')}`, { as: 'chiara.esposito' });
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((r: Json) => r.holder === 'chiara.esposito')).toBe(true);
    await api(`/reservations/${option.id}/release`, { method: 'POST', as: 'chiara.esposito', body: {} });
    expect((await api(`/reservations/${waiting.id}`)).body.status).toBe('option');
    const notices = await api('/notifications', { as: 'sales' });
    expect(notices.body.some((n: Json) => n.kind === 'optionFreed' && n.link.startsWith(`/availability?frameId=${frames[0]}&`))).toBe(true);
  });
});

describe('the inbox', () => {
  it('tells the holder once of an option ending within two days, and not of one ending later', async () => {
    const { frames } = await newSystem({ faces: 2 });
    const { body: soon } = await hold(frames[0], 'Caffè Roma', 'chiara.esposito', { expiresOn: day(2) });
    const { body: later } = await hold(frames[1], 'Caffè Roma', 'chiara.esposito', { expiresOn: day(3) });
    const expiring = async () =>
      (await api('/notifications', { as: 'chiara.esposito' })).body.filter((n: Json) => n.kind === 'optionExpiring' && [soon.frameId, later.frameId].some((f) => n.link.includes(`frameId=${f}&`)));
    const first = await expiring();
    expect(first).toHaveLength(1);
    expect(first[0].link).toContain(`frameId=${frames[0]}&`);
    expect(first[0].message).toContain(`scade il ${itDate(day(2))}`);
    // Read again: the sweep adds nothing twice.
    expect(await expiring()).toHaveLength(1);
    // Another user is not told.
    expect((await api('/notifications', { as: 'sales' })).body.filter((n: Json) => n.kind === 'optionExpiring' && n.link.includes(`frameId=${frames[0]}&`))).toEqual([]);
  });
});

describe('slots of a screen', () => {
  it('takes six holds for overlapping periods and refuses the seventh with 409 naming the six', async () => {
    const { code, frames } = await newSystem({ screen: true });
    const [screen] = frames;
    for (let k = 1; k <= 6; k += 1) {
      const held = await hold(screen, `Cliente ${k}`, 'sales', {}, [20 + k, 40 + k]);
      expect(held.status, `hold ${k}`).toBe(201);
    }
    const seventh = await hold(screen, 'Cliente 7', 'sales', {}, [30, 35]);
    expect(seventh.status).toBe(409);
    expect(seventh.body.message).toContain(`Schermo di ${code} ha tutti i 6 slot occupati`);
    for (let k = 1; k <= 6; k += 1) expect(seventh.body.message).toContain(`per Cliente ${k} (`);
    expect(seventh.body.blockers).toHaveLength(6);
    expect(seventh.body.message).toContain('puoi metterti in coda');
    // After the last of the six ends, a slot is free again.
    expect((await hold(screen, 'Cliente 7', 'sales', {}, [47, 50])).status).toBe(201);
  });

  it('counts the slots day by day: sales in different weeks share a slot', async () => {
    const { frames } = await newSystem({ screen: true });
    const [screen] = frames;
    for (let k = 1; k <= 3; k += 1) expect((await hold(screen, `Cliente ${k}`, 'sales', {}, [20, 26])).status).toBe(201);
    for (let k = 4; k <= 6; k += 1) expect((await hold(screen, `Cliente ${k}`, 'sales', {}, [27, 33])).status).toBe(201);
    // Three slots are taken on any day of the two weeks: three are left.
    const across = await hold(screen, 'Cliente 7', 'sales', {}, [20, 33]);
    expect(across.status).toBe(201);
    const availability = await api(`/availability?periodStart=${day(20)}&periodEnd=${day(33)}&step=week&frameIds=${screen}`);
    expect(availability.body.rows[0].cells.map((c: Json) => [c.state, c.slotsLeft])).toEqual([
      ['partial', 2],
      ['partial', 2],
    ]);
  });

  it('busiest names what runs on the busiest day of a period', () => {
    const r = (id: number, start: string, end: string) => ({ id, periodStart: start, periodEnd: end }) as unknown as StoredRecord;
    const rows = [r(1, '2026-03-01', '2026-03-07'), r(2, '2026-03-08', '2026-03-14'), r(3, '2026-03-05', '2026-03-10'), r(4, '2026-03-06', '2026-03-06')];
    expect(busiest(rows, '2026-03-01', '2026-03-14').map((x) => x.id)).toEqual([1, 3, 4]);
    expect(busiest(rows, '2026-03-08', '2026-03-14').map((x) => x.id)).toEqual([2, 3]);
    expect(busiest([], '2026-03-01', '2026-03-14')).toEqual([]);
  });
});

describe('category rules', () => {
  it('a face that excludes the advertiser’s business area refuses it with 409 naming the rule', async () => {
    const { code, frames } = await newSystem({ excluded: ['Giochi e scommesse'] });
    const refused = await hold(frames[0], 'Scommesse Srl', 'sales');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ rule: `Faccia A di ${code} esclude il settore Giochi e scommesse`, blockers: [] });
    expect(refused.body.message).toContain('non può essere proposta a Scommesse Srl');
    expect((await hold(frames[0], 'Caffè Roma', 'sales')).status).toBe(201);
  });

  it('a separated business area gives a warning naming the competitor on the same system', async () => {
    const settings = await api('/reservationSettings', { method: 'PUT', body: { optionDefaultDays: 14, optionMaxDays: 30, separatedBusinessAreas: ['Automotive'] } });
    expect(settings.status).toBe(200);
    try {
      const { code, frames } = await newSystem({ faces: 3 });
      expect((await hold(frames[0], 'Auto Uno', 'sales')).body.warnings).toEqual([]);
      const second = await hold(frames[1], 'Auto Due', 'chiara.esposito');
      expect(second.status).toBe(201);
      expect(second.body.warnings).toEqual([`Separazione Automotive: su ${code} c'è già Auto Uno dal ${itDate(day(20))} al ${itDate(day(33))}`]);
      // Another area is not separated.
      expect((await hold(frames[2], 'Moda Sud', 'sales')).body.warnings).toEqual([]);
    } finally {
      await api('/reservationSettings', { method: 'PUT', body: { optionDefaultDays: 14, optionMaxDays: 30, separatedBusinessAreas: [] } });
    }
  });

  it('settings: the default duration cannot exceed the longest (400), and only an admin changes them', async () => {
    const bad = await api('/reservationSettings', { method: 'PUT', body: { optionDefaultDays: 40, optionMaxDays: 30, separatedBusinessAreas: [] } });
    expect(bad.status).toBe(400);
    expect((await api('/reservationSettings', { method: 'PUT', as: 'salesleader', body: { optionDefaultDays: 7, optionMaxDays: 30, separatedBusinessAreas: [] } })).status).toBe(403);
    expect((await api('/reservationSettings', { as: 'sales' })).body).toEqual({ optionDefaultDays: 14, optionMaxDays: 30, separatedBusinessAreas: [] });
  });
});

describe('prices by period', () => {
  it('priceOverPeriod pro-rates each unit by day', () => {
    expect(priceOverPeriod(10, 'day', '2026-03-01', '2026-03-03', []).total).toBeCloseTo(30);
    expect(priceOverPeriod(70, 'week', '2026-03-01', '2026-03-10', []).total).toBeCloseTo(100);
    expect(priceOverPeriod(140, 'cycle14', '2026-03-01', '2026-03-07', []).total).toBeCloseTo(70);
    expect(priceOverPeriod(300, 'month', '2026-03-01', '2026-03-15', []).total).toBeCloseTo(150);
    expect(priceOverPeriod(70, 'slot', '2026-03-01', '2026-03-14', []).total).toBeCloseTo(140);
    expect(priceOverPeriod(70, 'week', '2026-03-01', '2026-03-14', []).days).toBe(14);
  });

  it('priceOverPeriod adds the percentages of overlapping seasons on the days they share', () => {
    const seasons = [
      { name: 'Saldi', from: '2026-03-02', to: '2026-03-03', percent: 10 },
      { name: 'Fiera', from: '2026-03-03', to: '2026-03-04', percent: 20 },
      { name: 'Fuori periodo', from: '2026-04-01', to: '2026-04-30', percent: 50 },
    ];
    const priced = priceOverPeriod(10, 'day', '2026-03-01', '2026-03-04', seasons);
    // 10 + 11 + 13 + 12
    expect(priced.total).toBeCloseTo(46);
    expect(priced.seasons).toEqual([
      { name: 'Saldi', percent: 10, days: 2 },
      { name: 'Fiera', percent: 20, days: 2 },
    ]);
    // A discount larger than the price makes the day free, never negative.
    expect(priceOverPeriod(10, 'day', '2026-03-01', '2026-03-02', [{ name: 'Omaggio', from: '2026-03-01', to: '2026-03-01', percent: -150 }]).total).toBeCloseTo(10);
  });

  it('POST /quotes prices faces from the list: each unit, seasons added up, and a circuit package shared among its faces', async () => {
    const poster = await newSystem({ faces: 2 });
    const outside = await newSystem();
    const products: Record<string, number> = {};
    for (const unit of ['day', 'week', 'cycle14', 'month', 'slot']) products[unit] = (await insertRecord(db, 'products', { name: `Prodotto ${unit}`, unit, basePrice: 999 })).id;
    const circuit = (await insertRecord(db, 'circuits', { name: 'Circuito Centro', assets: [poster.id] })).id;
    const catalog = (
      await insertRecord(db, 'catalogs', {
        name: 'Listino 2026',
        prices: [
          { productId: products.day, price: 10 },
          { productId: products.week, price: 70 },
          { productId: products.cycle14, price: 140 },
          { productId: products.month, price: 300 },
          { productId: products.slot, price: 35 },
        ],
        seasons: [
          { name: 'Saldi', from: '2026-07-06', to: '2026-07-12', percent: 10 },
          { name: 'Estate', from: '2026-07-09', to: '2026-07-19', percent: 20 },
        ],
        packages: [{ circuitId: circuit, price: 100 }],
      })
    ).id;
    const quote = (productId: number, frameIds: number[], periodStart: string, periodEnd: string, circuitId?: number) =>
      api('/quotes', { method: 'POST', as: 'sales', body: { catalogId: catalog, productId, frameIds, periodStart, periodEnd, ...(circuitId ? { circuitId } : {}) } });

    // Before the seasons: 10 days of each unit.
    const ten = ['2026-06-01', '2026-06-10'] as const;
    expect((await quote(products.day, [poster.frames[0]], ...ten)).body).toMatchObject({ unit: 'day', unitPrice: 10, days: 10, faces: 1, perFace: 100, total: 100, packageCircuitId: null, seasons: [] });
    expect((await quote(products.week, poster.frames, ...ten)).body).toMatchObject({ unit: 'week', perFace: 100, total: 200, faces: 2 });
    expect((await quote(products.cycle14, [poster.frames[0]], ...ten)).body).toMatchObject({ unit: 'cycle14', perFace: 100, total: 100 });
    expect((await quote(products.month, [poster.frames[0]], ...ten)).body).toMatchObject({ unit: 'month', perFace: 100, total: 100 });
    expect((await quote(products.slot, [poster.frames[0]], ...ten)).body).toMatchObject({ unit: 'slot', perFace: 50, total: 50 });

    // A week across the two seasons: 07-06..07-08 +10%, 07-09..07-12 +30%, no day past them.
    const seasonal = await quote(products.day, [poster.frames[0]], '2026-07-06', '2026-07-12');
    expect(seasonal.body.perFace).toBeCloseTo(3 * 11 + 4 * 13);
    expect(seasonal.body.seasons).toEqual([
      { name: 'Saldi', percent: 10, days: 7 },
      { name: 'Estate', percent: 20, days: 4 },
    ]);

    // The circuit sold whole: its package price for the period (a week), shared among its two faces.
    const whole = await quote(products.week, poster.frames, '2026-06-01', '2026-06-07', circuit);
    expect(whole.body).toMatchObject({ packageCircuitId: circuit, unitPrice: 100, faces: 2, perFace: 50, total: 100 });
    // A face outside the circuit: no package, the list's price.
    const mixed = await quote(products.week, [poster.frames[0], outside.frames[0]], '2026-06-01', '2026-06-07', circuit);
    expect(mixed.body).toMatchObject({ packageCircuitId: null, unitPrice: 70, perFace: 70, total: 140 });

    const unknown = await quote(products.week, [424242], '2026-06-01', '2026-06-07');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ path: '/body/frameIds', message: 'facce inesistenti: 424242' }]);
  });
});

describe('plannings book faces', () => {
  it('confirming turns the options into bookings, and answers 409 naming a face that was taken meanwhile', async () => {
    const { code, frames } = await newSystem({ faces: 2 });
    const planning = (await api('/plannings', { method: 'POST', body: { name: 'Da confermare', campaignId, periodStart: day(20), periodEnd: day(33) } })).body;
    const items = [];
    for (const [i, frameId] of frames.entries()) {
      const item = await api('/planningItems', { method: 'POST', body: { planningId: planning.id, frameId, price: 500 + i } });
      expect(item.body).toMatchObject({ reservationStatus: 'option', expiresOn: expect.any(String) });
      items.push(item.body);
    }
    // Face B's option is released and another seller takes the face.
    await api(`/reservations/${items[1].reservationId}/release`, { method: 'POST', body: {} });
    const { body: other } = await hold(frames[1], 'Moda Sud', 'chiara.esposito');
    const refused = await api(`/plannings/${planning.id}`, { method: 'PUT', body: confirm(planning) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`La pianificazione non può essere confermata: Faccia B di ${code} è in opzione`);
    expect(refused.body.blockers).toEqual([expect.objectContaining({ reservationId: other.id, advertiserName: 'Moda Sud' })]);
    // Nothing changed: still a draft, face A still an option.
    expect((await api(`/plannings/${planning.id}`)).body.status).toBe('draft');
    expect((await api(`/reservations/${items[0].reservationId}`)).body.status).toBe('option');

    await api(`/reservations/${other.id}/release`, { method: 'POST', as: 'chiara.esposito', body: {} });
    const confirmed = await api(`/plannings/${planning.id}`, { method: 'PUT', body: confirm(planning) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    const listed = await api(`/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId: planning.id }))}&sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(listed.body.map((i: Json) => [i.reservationStatus, i.expiresOn, i.price])).toEqual([
      ['booked', null, 500],
      ['booked', null, 501],
    ]);
    expect((await api(`/reservations/${items[0].reservationId}`)).body).toMatchObject({ status: 'booked', price: 500, planningId: planning.id, expiresOn: null });
    // A booked face refuses any option, and offers no queue.
    const late = await hold(frames[0], 'Banca Nord', 'sales', { queue: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('prenotata dal');
    expect(late.body.message).not.toContain('puoi metterti in coda');
  });

  it('a planning from an order books every face sold at the price sold: its total equals the order’s', async () => {
    const { frames } = await newSystem({ faces: 3 });
    const screen = (await newSystem({ screen: true })).frames[0];
    const estimate = await insertRecord(db, 'estimates', {
      name: 'Offerta venduta',
      advertiserId: adv['Caffè Roma'],
      status: 'accepted',
      validUntil: day(10),
      total: 1500,
      lines: [
        { id: 1, description: 'Poster', frameIds: frames, periodStart: day(20), periodEnd: day(33), total: 1000 },
        { id: 2, description: 'Schermo', frameIds: [screen], periodStart: day(20), periodEnd: day(26), total: 500 },
      ],
    });
    // The estimate's own option on a face passes to the planning.
    const { body: held } = await hold(frames[0], 'Caffè Roma', 'sales', { estimateId: estimate.id });
    const order = await insertRecord(db, 'orders', { code: 'ORD-2026-0900', estimateId: estimate.id, advertiserId: adv['Caffè Roma'], total: 1500, status: 'confirmed', periodStart: day(20), periodEnd: day(33) });
    const made = await api('/plannings/fromOrder', { method: 'POST', body: { orderId: order.id, campaignId } });
    expect(made.status).toBe(201);
    expect(made.body.skipped).toEqual([]);
    expect(made.body.planning).toMatchObject({
      name: 'Pianificazione ORD-2026-0900',
      orderId: order.id,
      status: 'draft',
      periodStart: day(20),
      periodEnd: day(33),
      totals: { systems: 2, faces: 4, amount: 1500, orderTotal: 1500, difference: 0 },
    });
    const planningId = made.body.planning.id;
    const items = await api(`/planningItems?filter=${encodeURIComponent(JSON.stringify({ planningId }))}&sort=${encodeURIComponent('["id","ASC"]')}`);
    // The line's total shared among its faces, the last taking the rounding.
    expect(items.body.map((i: Json) => i.price)).toEqual([333.33, 333.33, 333.34, 500]);
    expect(items.body[0].reservationId).toBe(held.id);
    expect((await api(`/reservations/${held.id}`)).body).toMatchObject({ planningId, price: 333.33, status: 'option' });
  });

  it('a planning from an order shows the difference when a line sells no faces or a face is taken', async () => {
    const { frames } = await newSystem({ faces: 2 });
    const estimate = await insertRecord(db, 'estimates', {
      name: 'Offerta mista',
      advertiserId: adv['Moda Sud'],
      status: 'accepted',
      total: 1300,
      lines: [
        { id: 1, description: 'Poster', frameIds: frames, periodStart: day(20), periodEnd: day(33), total: 1000 },
        { id: 2, description: 'Prodotto senza facce', periodStart: day(20), periodEnd: day(33), total: 300 },
      ],
    });
    const { body: taken } = await hold(frames[1], 'Banca Nord', 'chiara.esposito');
    const order = await insertRecord(db, 'orders', { code: 'ORD-2026-0901', estimateId: estimate.id, advertiserId: adv['Moda Sud'], total: 1300, status: 'confirmed', periodStart: day(20), periodEnd: day(33) });
    const made = await api('/plannings/fromOrder', { method: 'POST', body: { orderId: order.id, campaignId, name: 'Da ordine misto' } });
    expect(made.status).toBe(201);
    expect(made.body.planning).toMatchObject({ name: 'Da ordine misto', totals: { systems: 1, faces: 1, amount: 500, orderTotal: 1300, difference: -800 } });
    expect(made.body.skipped).toEqual([expect.objectContaining({ blockers: [expect.objectContaining({ reservationId: taken.id, advertiserName: 'Banca Nord' })] })]);
    expect(made.body.skipped[0].message).toContain('Faccia B');
  });
});

describe('availability of the inventory', () => {
  it('shows each face free, partial, under option or booked per period, with its holders and occupancy', async () => {
    const poster = await newSystem({ faces: 3 });
    const screen = (await newSystem({ screen: true })).frames[0];
    const [booked, optioned, free] = poster.frames;
    const planning = (await api('/plannings', { method: 'POST', body: { name: 'Prenotata', campaignId, periodStart: day(21), periodEnd: day(34) } })).body;
    await api(`/plannings/${planning.id}`, { method: 'PUT', body: confirm(planning) });
    expect((await api('/planningItems', { method: 'POST', body: { planningId: planning.id, frameId: booked } })).body.reservationStatus).toBe('booked');
    const { body: option } = await hold(optioned, 'Moda Sud', 'sales', {}, [21, 27]);
    const { body: waiting } = await hold(optioned, 'Banca Nord', 'salesleader', { queue: true }, [21, 27]);
    await hold(screen, 'Cliente 1', 'sales', {}, [21, 34]);

    const frameIds = [booked, optioned, free, screen].map((id) => `frameIds=${id}`).join('&');
    const page = await api(`/availability?periodStart=${day(21)}&periodEnd=${day(34)}&step=week&${frameIds}`, { as: 'sales' });
    expect(page.status).toBe(200);
    expect(page.body.periods).toEqual([
      { start: day(21), end: day(27) },
      { start: day(28), end: day(34) },
    ]);
    expect(page.body.total).toBe(4);
    const rows = Object.fromEntries(page.body.rows.map((r: Json) => [r.frameId, r]));
    const states = (id: number) => rows[id].cells.map((c: Json) => `${c.state}/${c.slotsLeft}`);
    expect(states(booked)).toEqual(['booked/0', 'booked/0']);
    expect(states(optioned)).toEqual(['option/0', 'free/1']);
    expect(states(free)).toEqual(['free/1', 'free/1']);
    expect(states(screen)).toEqual(['partial/5', 'partial/5']);
    // The holders of a cell: the option and the queue behind it, by name.
    expect(rows[optioned].cells[0].holders.map((h: Json) => [h.reservationId, h.status, h.advertiserName])).toEqual([
      [option.id, 'option', 'Moda Sud'],
      [waiting.id, 'waiting', 'Banca Nord'],
    ]);
    expect(rows[booked].cells[0].holders[0]).toMatchObject({ status: 'booked', planningName: 'Prenotata' });
    expect(rows[screen]).toMatchObject({ digital: true, slots: 6, systemType: 'totem', format: '120x200' });
    expect([rows[booked].occupancy, rows[optioned].occupancy, rows[free].occupancy, rows[screen].occupancy]).toEqual([100, 50, 0, 16.7]);
    // 9 slots × 14 days, 14 + 7 + 14 taken.
    expect(page.body.occupancy).toEqual({ percent: 27.8, free: 1, option: 2, booked: 1 });

    const cycles = await api(`/availability?periodStart=${day(21)}&periodEnd=${day(34)}&step=cycle14&frameIds=${optioned}`);
    expect(cycles.body.rows[0].cells.map((c: Json) => c.state)).toEqual(['option']);
    const paged = await api(`/availability?periodStart=${day(21)}&periodEnd=${day(34)}&${frameIds}&range=${encodeURIComponent('[2,3]')}`);
    expect(paged.body.rows).toHaveLength(2);
    expect(paged.body.total).toBe(4);
    const reversed = await api(`/availability?periodStart=${day(34)}&periodEnd=${day(21)}`);
    expect(reversed.status).toBe(400);
    expect((await api(`/availability?periodStart=${day(21)}&periodEnd=${day(34)}`, { as: 'chiara.esposito' })).status).toBe(200);
  });
});
