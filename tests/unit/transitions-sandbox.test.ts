// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { insertOrder } from '../../sandbox/services/order';
import { insertRecord } from '../../sandbox/store';
import { CampaignStatusLabels, CampaignStatusTransitions } from '@/api/generated/campaign.rules';
import { EstimateStatusLabels, EstimateStatusTransitions } from '@/api/generated/estimate.rules';
import { OrderStatusLabels, OrderStatusTransitions } from '@/api/generated/order.rules';
import { PlanningStatusLabels, PlanningStatusTransitions } from '@/api/generated/planner.rules';
import { openMigrated } from './support/smallSeed';

/*
 * The four services enforce exactly the status rules generated from their documents: every move
 * of each table, allowed and refused, from a record put in the move's starting status; a refusal is
 * a 409 naming both statuses by their Italian labels. One hand-written expectation per service
 * keeps the check from agreeing with a wrong table.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
let db: Db;
let server: Server;
let base: string;
let admin: string;
let campaignId: number;
let frameId: number;

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    await SERVICE_MODULES.user.seed?.(tx, { size: 'small', rng: rng(20261127) });
    // The face the planner's items book, on its system: a reference to a record that does not exist is refused (422).
    await tx.query(
      `INSERT INTO systems (id, code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude)
       VALUES (211, 'MI-211', 'Impianto 211', 'OOH', 'poster', 'Via Torino 12', 'Lombardia', 'MI', '015146', 'Milano', 45.46, 9.18)`,
    );
    frameId = (
      await insertRecord(tx, 'frames', { systemId: 211, name: 'Faccia A', position: 1, width: 600, height: 300, digital: false, slots: 1, excludedBusinessAreas: [], status: 'active' })
    ).id;
  });
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'demo' }).toString(),
  });
  admin = ((await token.json()) as { access_token: string }).access_token;
  campaignId = (await newCampaign('planned')).id;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

async function api(path: string, method = 'GET', body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${admin}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & Array<Record<string, unknown>> };
}

const PERIOD = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };

const newOrder = (status: string) =>
  insertOrder(db, { estimateId: null, advertiserId: 3, opportunityId: null, salesId: 5, status: status as 'draft', total: 100, orderDate: '2026-02-10', ...PERIOD, notes: null });

const newCampaign = (status: string) =>
  insertRecord(db, 'campaigns', { name: `Campagna ${status}`, advertiserId: 3, orderId: null, ...PERIOD, status, budget: 1000, description: null });

const newPlanning = (status: string) =>
  insertRecord(db, 'plannings', { name: `Pianificazione ${status}`, campaignId, ...PERIOD, criteria: { circuitIds: [], systemTypes: [], municipalityIds: [] }, status });

const newEstimate = (status: string) =>
  insertRecord(db, 'estimates', {
    name: `Preventivo ${status}`,
    opportunityId: 21,
    advertiserId: 3,
    salesId: 5,
    status,
    commissions: 0,
    subtotal: 500,
    discountTotal: 0,
    total: 500,
    createdAt: '2026-02-01T10:00:00Z',
    lines: [{ id: 1, productId: 1, catalogId: 1, description: 'Poster', quantity: 1, ...PERIOD, unitPrice: 500, discountPercent: 0, total: 500 }],
  });

interface Service {
  name: string;
  transitions: Readonly<Record<string, readonly string[]>>;
  labels: Readonly<Record<string, string>>;
  /** The move is the update of the record: sending its status back unchanged is no move (200). */
  byUpdate?: boolean;
  /** A record in `from`; the move to `to`, answered. */
  move(from: string, to: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

const SERVICES: Service[] = [
  {
    name: 'order',
    transitions: OrderStatusTransitions,
    labels: OrderStatusLabels,
    async move(from, to) {
      const order = await newOrder(from);
      return api(`/order/orders/${order.id}/transitions`, 'POST', { to, note: `Da ${from} a ${to}` });
    },
  },
  {
    name: 'campaign',
    byUpdate: true,
    transitions: CampaignStatusTransitions,
    labels: CampaignStatusLabels,
    async move(from, to) {
      const c = await newCampaign(from);
      const { id: _id, ...fields } = c;
      return api(`/campaign/v1/campaigns/${c.id}`, 'PUT', { ...fields, status: to });
    },
  },
  {
    name: 'planner',
    byUpdate: true,
    transitions: PlanningStatusTransitions,
    labels: PlanningStatusLabels,
    async move(from, to) {
      const p = await newPlanning(from);
      return api(`/planner/v1/plannings/${p.id}`, 'PUT', { name: p.name, campaignId, ...PERIOD, status: to });
    },
  },
  {
    name: 'estimate',
    transitions: EstimateStatusTransitions,
    labels: EstimateStatusLabels,
    async move(from, to) {
      const e = await newEstimate(from);
      return api(`/estimate/estimate/changeStatus?estimateId=${e.id}&status=${to}`, 'PUT');
    },
  },
];

/** Every (from, to) pair of the table's statuses, the move to the same status included. */
const pairs = (transitions: Readonly<Record<string, readonly string[]>>) =>
  Object.keys(transitions).flatMap((from) => Object.keys(transitions).map((to) => [from, to] as const));

describe.each(SERVICES)('$name: the generated status rules, enforced', (service) => {
  it('allows every move of the table and refuses every other with 409 naming the Italian labels', async () => {
    const outcomes: string[] = [];
    for (const [from, to] of pairs(service.transitions)) {
      const answer = await service.move(from, to);
      const allowed = service.transitions[from].includes(to) || (service.byUpdate && from === to);
      if (allowed) {
        if (answer.status !== 200 || answer.body.status !== to) outcomes.push(`${from} → ${to}: expected 200 in ${to}, got ${answer.status} ${JSON.stringify(answer.body)}`);
      } else {
        const message = String(answer.body.message);
        const named = message.includes(`«${service.labels[from]}»`) && message.includes(`«${service.labels[to]}»`);
        if (answer.status !== 409 || !named) outcomes.push(`${from} → ${to}: expected 409 naming «${service.labels[from]}» and «${service.labels[to]}», got ${answer.status} ${message}`);
      }
    }
    expect(outcomes).toEqual([]);
  });
});

describe('the rules as a product owner states them (independent of the documents)', () => {
  const byName = (name: string) => SERVICES.find((s) => s.name === name)!;

  it('order: a draft is confirmed, a confirmed order closed; a draft cannot be closed; a closed order is final', async () => {
    expect((await byName('order').move('draft', 'confirmed')).body.status).toBe('confirmed');
    expect((await byName('order').move('confirmed', 'closed')).body.status).toBe('closed');
    expect((await byName('order').move('confirmed', 'cancelled')).body.status).toBe('cancelled');
    const refused = await byName('order').move('draft', 'closed');
    expect(refused).toMatchObject({ status: 409, body: { message: 'Passaggio di stato non consentito: da «Bozza» a «Chiuso»' } });
    expect((await byName('order').move('closed', 'draft')).body.message).toBe(
      'Passaggio di stato non consentito: da «Chiuso» a «Bozza» («Chiuso» è uno stato finale)',
    );
  });

  it('campaign: a running campaign may pause, a completed one never runs again', async () => {
    expect((await byName('campaign').move('running', 'paused')).status).toBe(200);
    expect((await byName('campaign').move('completed', 'running'))).toMatchObject({
      status: 409,
      body: { message: 'Passaggio di stato non consentito: da «Conclusa» a «In corso» («Conclusa» è uno stato finale)' },
    });
  });

  it('planning: a confirmed planning goes back to draft or is closed; a draft is not closed', async () => {
    expect((await byName('planner').move('confirmed', 'draft')).status).toBe(200);
    expect((await byName('planner').move('confirmed', 'closed')).status).toBe(200);
    expect((await byName('planner').move('draft', 'closed'))).toMatchObject({ status: 409, body: { message: 'Passaggio di stato non consentito: da «Bozza» a «Chiusa»' } });
  });

  it('estimate: a sent estimate is accepted; a draft cannot be accepted, named in Italian', async () => {
    expect((await byName('estimate').move('sent', 'accepted')).status).toBe(200);
    expect((await byName('estimate').move('draft', 'accepted'))).toMatchObject({
      status: 409,
      body: { message: 'Passaggio di stato non consentito: da «Bozza» a «Accettato»' },
    });
  });
});

describe('order: the status history', () => {
  it('keeps who moved the order, when and the note; an update that changes the status is a move too', async () => {
    const order = await newOrder('draft');
    expect((await api(`/order/orders/${order.id}/transitions`, 'POST', { to: 'confirmed', note: '  Firmato dal cliente  ' })).status).toBe(200);
    const { id: _id, ...fields } = (await api(`/order/orders/${order.id}`)).body;
    expect((await api(`/order/orders/${order.id}`, 'PUT', { ...fields, status: 'closed' })).status).toBe(200);
    const history = await api(`/order/orders/${order.id}/transitions`);
    expect(history.status).toBe(200);
    expect(history.body.map(({ from, to, note, username }) => ({ from, to, note, username }))).toEqual([
      { from: 'draft', to: 'confirmed', note: 'Firmato dal cliente', username: 'admin' },
      { from: 'confirmed', to: 'closed', note: null, username: 'admin' },
    ]);
    expect(history.body.every((h) => typeof h.at === 'string' && !Number.isNaN(Date.parse(String(h.at))))).toBe(true);
    expect((await api(`/order/orders/${order.id}`, 'DELETE')).status).toBe(409);
  });

  it('a cancelled order can be deleted, its history with it', async () => {
    const order = await newOrder('draft');
    await api(`/order/orders/${order.id}/transitions`, 'POST', { to: 'cancelled' });
    expect((await api(`/order/orders/${order.id}`, 'DELETE')).status).toBe(200);
    expect((await api(`/order/orders/${order.id}/transitions`)).status).toBe(404);
  });
});

describe('planner: a cancelled planning frees its faces', () => {
  it('books a face a cancelled planning held in the same period', async () => {
    const first = await newPlanning('draft');
    const second = await newPlanning('draft');
    expect((await api('/planner/v1/planningItems', 'POST', { planningId: first.id, frameId })).status).toBe(201);
    expect((await api('/planner/v1/planningItems', 'POST', { planningId: second.id, frameId })).status).toBe(409);
    expect((await api(`/planner/v1/plannings/${first.id}`, 'PUT', { name: first.name, campaignId, ...PERIOD, status: 'cancelled' })).status).toBe(200);
    expect((await api('/planner/v1/planningItems', 'POST', { planningId: second.id, frameId })).status).toBe(201);
  });
});
