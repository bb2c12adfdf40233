// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceClock, resetClock } from '../../sandbox/clock';
import type { Db } from '../../sandbox/db';
import { addDays, itDate, todayOn } from '../../sandbox/shared/reservations';
import { insertRecord } from '../../sandbox/store';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openSmallSeed } from './support/smallSeed';

/*
 * The inbox of what is due, in-process on the small seed: late work orders and problems reported by
 * a team reach the admins and asset managers; a campaign about to start without an approved creative
 * reaches its seller and its designers; a client's answer on a shared offer reaches the seller. Every
 * notice links to its screen; all can be marked read at once. Time is moved on the sandbox clock.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const USERS = ['admin', 'sales', 'assetmanager', 'designer', 'salesleader'] as const;
type User = (typeof USERS)[number];
const tokens = {} as Record<User, string>;
let db: Db;
let served: ServedSandbox;
let base: string;

beforeAll(async () => {
  db = await openSmallSeed();
  served = await serveSandbox(db);
  base = served.base;
  await signInAll();
});

afterEach(async () => {
  await resetClock();
  await signInAll();
});

afterAll(async () => {
  await resetClock();
  await served?.close();
  await db?.close();
});

/** Signs every user in (again, after the clock moved past their session). */
async function signInAll() {
  for (const username of USERS) {
    tokens[username] = await served.signIn(username);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function api(path: string, init: { method?: string; body?: unknown; as?: User | null } = {}): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {};
  if (init.as !== null) headers.Authorization = `Bearer ${tokens[init.as ?? 'admin']}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const filterOf = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** The caller's notices of a kind whose link contains `linkPart`. */
async function notices(as: User, kind: string, linkPart: string): Promise<Json[]> {
  const { status, body } = await api(`/planner/v1/notifications?${filterOf({ kind })}`, { as });
  expect(status).toBe(200);
  return body.filter((n: Json) => n.kind === kind && String(n.link).includes(linkPart));
}
const workOrdersLink = (ids: number[]) => `/providers/workOrders?${filterOf({ id: ids })}&displayedFilters=${encodeURIComponent('{"id":true}')}`;

async function userId(username: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  return Number(rows[0].id);
}

/** A face whose system has a posting team. */
async function postableFace() {
  const { rows } = await db.query<{ frame: string; team: string }>(
    `SELECT f.id AS frame, l.data->>'teamId' AS team
       FROM records l JOIN records f ON f.collection = 'frames' AND f.data->>'systemId' = l.data->>'systemId'
      WHERE l.collection = 'system_providers' AND l.data->'duties' ?| array['affissione', 'installazione']
      ORDER BY f.id LIMIT 1`,
  );
  expect(rows[0], 'the small seed links posting teams to systems').toBeDefined();
  return { frameId: Number(rows[0].frame), teamId: Number(rows[0].team) };
}

describe('work orders in the inbox', () => {
  it('a work order past its due date and not done is told once to the admins and asset managers, naming face, system, team and date', async () => {
    const face = await postableFace();
    const due = addDays(todayOn(), 1);
    const created = await api('/frame/v1/workOrders', { method: 'POST', body: { frameId: face.frameId, type: 'posting', dueDate: due } });
    expect(created.status).toBe(201);
    const order = created.body;
    const link = workOrdersLink([order.id]);
    // Due tomorrow: not late yet.
    expect(await notices('admin', 'workOrderLate', link)).toEqual([]);
    await advanceClock(2 * 86_400_000);
    await signInAll();
    for (const user of ['admin', 'assetmanager'] as const) {
      const found = await notices(user, 'workOrderLate', link);
      expect(found, user).toHaveLength(1);
      expect(found[0].message).toContain(`${order.code} (affissione) in ritardo`);
      expect(found[0].message).toContain(`${order.frameName} di ${order.systemCode}`);
      expect(found[0].message).toContain(`squadra ${order.teamName}`);
      expect(found[0].message).toContain(itDate(due));
      expect(found[0].link).toBe(link);
    }
    // Read again: once per order; a seller is not told.
    expect(await notices('admin', 'workOrderLate', link)).toHaveLength(1);
    expect(await notices('sales', 'workOrderLate', link)).toEqual([]);
  });

  it('a work order done before its date is never told late', async () => {
    const face = await postableFace();
    const created = await api('/frame/v1/workOrders', { method: 'POST', body: { frameId: face.frameId, type: 'removal', dueDate: addDays(todayOn(), 1) } });
    const done = await api(`/frame/v1/workOrders/${created.body.id}`, { method: 'PUT', body: { ...created.body, status: 'done' } });
    expect(done.status).toBe(200);
    await advanceClock(3 * 86_400_000);
    await signInAll();
    expect(await notices('admin', 'workOrderLate', workOrdersLink([created.body.id]))).toEqual([]);
  });

  it('a problem reported by a team tells the admins and asset managers, linking to the maintenance order', async () => {
    const face = await postableFace();
    const created = await api('/frame/v1/workOrders', { method: 'POST', body: { frameId: face.frameId, type: 'posting', dueDate: todayOn() } });
    const teamLink = await api('/frame/v1/teamLinks', { method: 'POST', body: { teamId: face.teamId } });
    const answer = await api(`/frame/v1/field/${teamLink.body.token}/workOrders/${created.body.id}/problem`, {
      method: 'POST',
      body: { kind: 'torn', note: 'Angolo staccato' },
      as: null,
    });
    expect(answer.status).toBe(200);
    const maintenance = answer.body.maintenance;
    for (const user of ['admin', 'assetmanager'] as const) {
      const found = await notices(user, 'workOrderProblem', workOrdersLink([maintenance.id, created.body.id]));
      expect(found, user).toHaveLength(1);
      expect(found[0].message).toContain(`${created.body.frameName} di ${created.body.systemCode} (${created.body.code}): strappato (Angolo staccato)`);
      expect(found[0].message).toContain(maintenance.code);
    }
    expect(await notices('designer', 'workOrderProblem', `${maintenance.id}`)).toEqual([]);
  });
});

describe('campaigns without approved creatives', () => {
  it('a campaign starting within a week with no approved creative tells its seller and its designers, not one with an approved creative', async () => {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'orders' ORDER BY id LIMIT 1`);
    const orderId = Number(rows[0].id);
    await db.query(`UPDATE records SET data = data || jsonb_build_object('salesId', $2::bigint) WHERE collection = 'orders' AND id = $1`, [orderId, await userId('salesleader')]);
    const start = addDays(todayOn(), 10);
    const make = async (name: string) => {
      const created = await api('/campaign/v1/campaigns', { method: 'POST', body: { name, advertiserId: 1, orderId, periodStart: start, periodEnd: addDays(start, 13), budget: 1000 } });
      expect(created.status).toBe(201);
      const member = await api('/campaign/v1/campaignMembers', { method: 'POST', body: { campaignId: created.body.id, username: 'designer', role: 'ROLE_DESIGNER' } });
      expect(member.status).toBe(201);
      return created.body.id as number;
    };
    const bare = await make('Senza creatività approvate');
    const ready = await make('Con creatività approvata');
    await insertRecord(db, 'creatives', { campaignId: ready, name: 'Manifesto', kind: 'image', mediaType: 'image/png', width: 600, height: 300, durationSeconds: null, sizeId: null, status: 'approved', uploadedAt: new Date().toISOString() });
    await insertRecord(db, 'creatives', { campaignId: bare, name: 'Bozza', kind: 'image', mediaType: 'image/png', width: 600, height: 300, durationSeconds: null, sizeId: null, status: 'pending', uploadedAt: new Date().toISOString() });
    // Ten days before the start: not yet due.
    expect(await notices('designer', 'creativesMissing', `/campaigns/${bare}/creatives`)).toEqual([]);
    await advanceClock(4 * 86_400_000);
    await signInAll();
    for (const user of ['designer', 'salesleader'] as const) {
      const found = await notices(user, 'creativesMissing', `/campaigns/${bare}/creatives`);
      expect(found, user).toHaveLength(1);
      expect(found[0].message).toBe(`La campagna «Senza creatività approvate» inizia il ${itDate(start)} e non ha creatività approvate`);
      expect(found[0].link).toBe(`/campaigns/${bare}/creatives`);
      expect(await notices(user, 'creativesMissing', `/campaigns/${ready}/creatives`), user).toEqual([]);
    }
    // Neither another seller nor the admin who is not a member.
    expect(await notices('sales', 'creativesMissing', `/campaigns/${bare}/creatives`)).toEqual([]);
    expect(await notices('admin', 'creativesMissing', `/campaigns/${bare}/creatives`)).toEqual([]);
    // Read again: once per campaign.
    expect(await notices('designer', 'creativesMissing', `/campaigns/${bare}/creatives`)).toHaveLength(1);
  });
});

describe('the client answers a shared offer', () => {
  let pick = 0;
  /** A seeded estimate of `sales`, sent and shared: its id and the guest token of the link. */
  async function sharedOffer() {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'estimates' AND jsonb_array_length(data->'lines') > 0 ORDER BY id DESC OFFSET $1 LIMIT 1`, [pick++]);
    const id = Number(rows[0].id);
    await db.query(
      `UPDATE records SET data = (data - 'acceptance' - 'changeRequests' - 'replacedById') || jsonb_build_object('status', 'sent', 'validUntil', $2::text, 'salesId', $3::bigint) WHERE collection = 'estimates' AND id = $1`,
      [id, addDays(todayOn(), 20), await userId('sales')],
    );
    const share = await api('/share/v1/share/create', { method: 'POST', as: 'sales', body: { resourceType: 'estimate', resourceId: id } });
    expect(share.status).toBe(201);
    const q = new URLSearchParams({ resourceType: 'estimate', resourceId: String(id), token: share.body.token });
    const auth = await fetch(`${base}/share/v1/token/auth?${q}`, { method: 'POST' });
    const guest = ((await auth.json()) as { access_token: string }).access_token;
    const answer = async (path: string, body: object) => {
      const response = await fetch(`${base}/share/v1/token/${path}?resourceType=estimate&resourceId=${id}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${guest}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    };
    return { id, answer };
  }

  it('an acceptance puts «Offerta accettata» in the seller’s inbox, linking to the estimate', async () => {
    const { id, answer } = await sharedOffer();
    await answer('accept', { name: 'Mario Bianchi', role: 'Direttore marketing', agreed: true });
    const found = await notices('sales', 'offerAccepted', `/estimates/manage?id=${id}`);
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain(`Mario Bianchi (Direttore marketing) ha accettato l'offerta Preventivo ${id} - `);
    expect(found[0].link).toBe(`/estimates/manage?id=${id}`);
    expect(found[0].readAt).toBeNull();
    expect(await notices('salesleader', 'offerAccepted', `/estimates/manage?id=${id}`)).toEqual([]);
  });

  it('a request for changes tells the seller with the client’s note', async () => {
    const { id, answer } = await sharedOffer();
    await answer('requestChanges', { name: 'Lucia Verdi', note: 'Togliere la pensilina di via Roma' });
    const found = await notices('sales', 'changesRequested', `/estimates/manage?id=${id}`);
    expect(found).toHaveLength(1);
    expect(found[0].message).toBe(`Lucia Verdi chiede modifiche all'offerta Preventivo ${id} - ${(await api(`/estimate/estimate/${id}`, { as: 'sales' })).body.name}: Togliere la pensilina di via Roma`);
  });
});

describe('reading the inbox', () => {
  it('searches the message, filters by kind, and marks every unread notice read at once', async () => {
    const username = 'salesleader';
    for (const [kind, message] of [
      ['offerAccepted', 'Zeta Srl ha accettato'],
      ['changesRequested', 'Zeta Srl chiede modifiche'],
      ['optionExpiring', 'Opzione di Omega in scadenza'],
    ]) {
      await insertRecord(db, 'notifications', { username, kind, message, link: '/inbox', createdAt: new Date().toISOString(), readAt: null });
    }
    const list = async (filter: object) => (await api(`/planner/v1/notifications?${filterOf(filter)}`, { as: username })).body as Json[];
    expect((await list({ q: 'zeta' })).map((n) => n.kind).sort()).toEqual(['changesRequested', 'offerAccepted']);
    expect((await list({ q: 'zeta', kind: ['offerAccepted'] })).map((n) => n.message)).toEqual(['Zeta Srl ha accettato']);
    expect((await list({ unread: true })).length).toBeGreaterThanOrEqual(3);
    const other = (await list({ unread: true })).length;
    const before = (await api(`/planner/v1/notifications?${filterOf({ unread: true })}`, { as: 'sales' })).body.length;
    const done = await api('/planner/v1/notifications/read', { method: 'POST', as: username });
    expect(done.status).toBe(200);
    expect(done.body.read).toBe(other);
    expect(await list({ unread: true })).toEqual([]);
    expect((await list({ q: 'zeta' })).every((n) => n.readAt !== null)).toBe(true);
    // Only the caller's own.
    expect((await api(`/planner/v1/notifications?${filterOf({ unread: true })}`, { as: 'sales' })).body.length).toBe(before);
    expect((await api('/planner/v1/notifications/read', { method: 'POST', as: username })).body).toEqual({ read: 0 });
  });
});
