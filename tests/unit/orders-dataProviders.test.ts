import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/http';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { campaignsDataProvider } from '@/dataProviders/campaigns';
import { creativesDataProvider } from '@/dataProviders/creatives';
import { matchingSizes } from '@/resources/creatives/matchingSizes';
import { ordersDataProvider } from '@/dataProviders/orders';
import { cleanFilter } from '@/dataProviders/simpleRest';
import { bookSystem, planningAvailability, planningsDataProvider } from '@/dataProviders/plannings';
import { documentHandlers, type Seen } from './support/documentMock';

/* The execution data providers (orders, campaigns, plannings, creatives) against their documents. */

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  seen.length = 0;
  server.resetHandlers(...(await documentHandlers(ORIGIN, ['order', 'campaign', 'planner', 'creativity', 'history'], seen)));
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

const violations = () => seen.flatMap((s) => s.violations.map((v) => `${s.method} ${s.url}: ${v}`));

describe('simple-rest query (ra-data-simple-rest over the app client)', () => {
  it('maps page, sort and filter to range, sort and filter JSON, with the bearer', async () => {
    let asked: Request | undefined;
    server.use(
      http.get(`${ORIGIN}/order/orders`, ({ request }) => {
        asked = request;
        return HttpResponse.json([{ id: 12 }], { headers: { 'Content-Range': 'orders 50-50/319' } });
      }),
    );
    await ordersDataProvider.getList('orders', { pagination: { page: 3, perPage: 25 }, sort: { field: 'periodStart', order: 'DESC' }, filter: { status: 'running', q: '' } });
    const query = new URL(asked!.url).searchParams;
    expect(query.get('range')).toBe('[50,74]');
    expect(query.get('sort')).toBe('["periodStart","DESC"]');
    expect(query.get('filter')).toBe('{"status":"running"}');
    expect(asked!.headers.get('Authorization')).toBe('Bearer tok');
  });
  it('drops empty filter values', () => {
    expect(cleanFilter({ a: '', b: undefined, c: [], d: 0, e: 'x' })).toEqual({ d: 0, e: 'x' });
  });
});

describe('orders provider', () => {
  it('lists with the total from Content-Range', async () => {
    server.use(http.get(`${ORIGIN}/order/orders`, () => HttpResponse.json([{ id: 12 }], { headers: { 'Content-Range': 'orders 0-0/319' } })));
    const { data, total } = await ordersDataProvider.getList('orders', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(data).toEqual([{ id: 12 }]);
    expect(total).toBe(319);
  });

  it('sends requests the order document accepts: update with the record as read, getManyReference, connect', async () => {
    const { data } = await ordersDataProvider.getOne('orders', { id: 12 });
    await ordersDataProvider.update('orders', { id: 12, data: { ...data, status: 'confirmed', extra: 'dropped' }, previousData: data });
    await ordersDataProvider.getManyReference('orderDocuments', { target: 'orderId', id: 12, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await ordersDataProvider.getMany('orders', { ids: [12, 13] });
    await ordersDataProvider.delete('orders', { id: 13, previousData: { id: 13 } });
    await ordersDataProvider.create('orderCampaigns', { data: { orderId: 12, campaignId: 9 } });
    expect(violations()).toEqual([]);
    expect(seen.map((s) => s.operationId)).toEqual(['getOrderById', 'updateOrder', 'listOrderDocuments', 'listOrders', 'deleteOrder', 'createOrderCampaign']);
    expect(new URL(seen[2].url).searchParams.get('filter')).toBe('{"orderId":12}');
  });

  it('creates from an estimate, and a 409 rejects with the service message', async () => {
    await ordersDataProvider.createOrderFromEstimate('orders', { estimateId: 7 });
    expect(violations()).toEqual([]);
    expect(seen.map((s) => s.operationId)).toEqual(['createOrderFromEstimate']);
    server.use(http.post(`${ORIGIN}/order/orders/fromEstimate/8`, () => HttpResponse.json({ message: "Il preventivo 8 non è accettato: impossibile creare l'ordine", status: 409 }, { status: 409 })));
    await expect(ordersDataProvider.createOrderFromEstimate('orders', { estimateId: 8 })).rejects.toMatchObject({ status: 409, message: "Il preventivo 8 non è accettato: impossibile creare l'ordine" });
  });
});

describe('orders provider: status moves', () => {
  it('moves an order with its note and reads its history, within the document; a refused move rejects with the Italian message', async () => {
    await ordersDataProvider.moveOrder('orders', { id: 12, to: 'confirmed', note: 'Firmato' });
    await ordersDataProvider.orderTransitions('orders', { id: 12 });
    expect(violations()).toEqual([]);
    expect(seen.map((s) => s.operationId)).toEqual(['moveOrder', 'listOrderTransitions']);
    let sent: unknown;
    server.use(
      http.post(`${ORIGIN}/order/orders/14/transitions`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 14, code: 'ORD-2026-0014', estimateId: null, advertiserId: 3, opportunityId: null, salesId: 5, status: 'cancelled', total: 1, orderDate: '2026-02-10', periodStart: '2026-03-01', periodEnd: '2026-03-31', notes: null });
      }),
    );
    expect((await ordersDataProvider.moveOrder('orders', { id: 14, to: 'cancelled', note: 'Cliente ritirato' })).status).toBe('cancelled');
    expect(sent).toEqual({ to: 'cancelled', note: 'Cliente ritirato' });
    const message = 'Passaggio di stato non consentito: da «Chiuso» a «Bozza» («Chiuso» è uno stato finale)';
    server.use(http.post(`${ORIGIN}/order/orders/13/transitions`, () => HttpResponse.json({ message, status: 409 }, { status: 409 })));
    await expect(ordersDataProvider.moveOrder('orders', { id: 13, to: 'draft', note: null })).rejects.toMatchObject({ status: 409, message });
  });
});

describe('campaigns provider', () => {
  it('creates a member and a campaign within the document', async () => {
    await campaignsDataProvider.create('campaignMembers', { data: { campaignId: 9, username: 'designer', role: 'ROLE_DESIGNER' } });
    await campaignsDataProvider.create('campaigns', { data: { name: 'Primavera', advertiserId: 3, periodStart: '2026-03-01', periodEnd: '2026-03-31', budget: 100, orderId: '' } });
    expect(violations()).toEqual([]);
    expect(seen.map((s) => s.operationId)).toEqual(['createCampaignMember', 'createCampaign']);
  });

  it('uploads an attachment as multipart with progress to 1', async () => {
    const progress: number[] = [];
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    await campaignsDataProvider.uploadCampaignAttachment('campaignAttachments', { campaignId: 9, file, onProgress: (f) => progress.push(f) });
    expect(violations()).toEqual([]);
    expect(seen[0].operationId).toBe('uploadCampaignAttachment');
    expect(progress.at(-1)).toBe(1);
  });

  it('reads the campaign history and saves an attachment under the name the answer gives', async () => {
    await campaignsDataProvider.campaignHistory('campaigns', { id: 9 });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const saved = await campaignsDataProvider.downloadCampaignAttachment('campaignAttachments', { attachment: { id: 3, fileName: 'brief.pdf' } });
    click.mockRestore();
    expect(saved).toBe('brief_creativo_primavera.pdf');
    expect(seen.map((s) => s.operationId)).toEqual(['listCampaignHistory', 'downloadCampaignAttachment']);
    expect(violations()).toEqual([]);
  });
});

describe('plannings provider', () => {
  it('asks availability with repeated systemIds and puts a face in a planning', async () => {
    await planningAvailability(2, [101, 102, 103]);
    await bookSystem({ planningId: 2, frameId: 11, price: 0 });
    await planningsDataProvider.update('plannings', { id: 5, data: { id: 5, name: 'P', campaignId: 9, periodStart: '2026-03-01', periodEnd: '2026-03-31', status: 'confirmed', totals: { systems: 1, faces: 1, amount: 2, orderTotal: null, difference: null } }, previousData: { id: 5 } });
    expect(violations()).toEqual([]);
    expect(new URL(seen[0].url).searchParams.getAll('systemIds')).toEqual(['101', '102', '103']);
  });

  it('rejects a refused face with the message naming what fills it', async () => {
    const blockers = [{ reservationId: 8, status: 'booked', holderName: 'Luca Verdi', advertiserName: 'Moda Sud', periodStart: '2026-02-20', periodEnd: '2026-03-10', expiresOn: null, planningName: 'Saldi' }];
    const message = 'Faccia A di MI-0001 è prenotata dal 20/02/2026 al 10/03/2026 per Moda Sud («Saldi»)';
    server.use(http.post(`${ORIGIN}/planner/v1/planningItems`, () => HttpResponse.json({ message, status: 409, blockers }, { status: 409 })));
    const error = await bookSystem({ planningId: 2, frameId: 11, price: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body).toMatchObject({ blockers });
  });
});

describe('creatives provider', () => {
  it('updates approval with the record as read', async () => {
    const { data } = await creativesDataProvider.getOne('creatives', { id: 18 });
    await creativesDataProvider.update('creatives', { id: 18, data: { ...data, status: 'approved' }, previousData: data });
    expect(violations()).toEqual([]);
  });
  it('matches sizes by proportion, the exact one first', () => {
    const sizes = [
      { id: 1, width: 600, height: 300 },
      { id: 2, width: 400, height: 300 },
      { id: 3, width: 6000, height: 3000 },
    ];
    expect(matchingSizes({ width: 6000, height: 3000 }, sizes).map((s) => s.id)).toEqual([3, 1]);
  });
});
