import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/config/environment';
import { dataProvider } from '@/dataProviders';
import { signInAs } from './pages.helpers';

// Each service's base path follows its host (src/config/services.ts): /v1, /estimate or none.
const host = (s: string) => `http://${s}.test`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  setRuntimeConfig({
    environment: 'dev',
    hosts: {
      dev: {
        campaign: host('campaign'),
        device: host('device'),
        estimate: host('estimate'),
        opportunity: host('opportunity'),
        order: host('order'),
      },
    },
  });
  signInAs('ROLE_ADMIN', 'admin');
});

describe('the analytics data provider (resource `analytics`, the dashboards’ reads)', () => {
  it('counts each campaign for the sales person of its order, on its start day', async () => {
    server.use(
      http.get(`${host('campaign')}/v1/campaigns`, () =>
        HttpResponse.json([
          { id: 1, name: 'Estate', periodStart: '2026-06-01', budget: 1200, orderId: 7 },
          { id: 2, name: 'Senza ordine', periodStart: '2026-07-15T00:00:00Z', budget: 300, orderId: null },
        ]),
      ),
    );
    const rows = await dataProvider.funnelCampaigns('analytics', new Map([[7, 42]]));
    expect(rows).toEqual([
      { id: 1, day: '2026-06-01', value: 1200, salesId: 42 },
      { id: 2, day: '2026-07-15', value: 300, salesId: null },
    ]);
  });

  it('reads the orders, the opportunities and the sales people in the funnel’s shape', async () => {
    server.use(
      http.get(`${host('order')}/orders`, () =>
        HttpResponse.json([{ id: 7, orderDate: '2026-05-20T10:00:00Z', total: 900, salesId: 42 }, { id: 8, orderDate: '2026-05-21', total: 10 }]),
      ),
      http.get(`${host('opportunity')}/v1/opportunity/list/page/0/perPage/10000/sort/DESC`, () =>
        HttpResponse.json({ content: [{ id: 3, createdAt: '2026-04-02T08:00:00Z', amount: 5000, salesId: 42 }], totalElements: 1 }),
      ),
      http.get(`${host('estimate')}/estimate/sales/all`, () => HttpResponse.json([{ id: 42, name: 'Chiara', surname: 'Esposito' }])),
    );
    expect(await dataProvider.funnelOrders('analytics')).toEqual([
      { id: 7, day: '2026-05-20', value: 900, salesId: 42 },
      { id: 8, day: '2026-05-21', value: 10, salesId: null },
    ]);
    expect(await dataProvider.funnelOpportunities('analytics')).toEqual([{ id: 3, day: '2026-04-02', value: 5000, salesId: 42 }]);
    expect(await dataProvider.salesPeople('analytics')).toEqual([{ id: 42, name: 'Chiara Esposito' }]);
  });

  it('asks the play logs of the whole period, first day 00:00 to last day 23:59:59 UTC', async () => {
    let filter: string | null = null;
    server.use(
      http.get(`${host('device')}/v1/playLogs`, ({ request }) => {
        filter = new URL(request.url).searchParams.get('filter');
        return HttpResponse.json([{ id: 1, deviceId: 2, campaignId: 3, playedAt: '2026-03-01T12:00:00Z', audience: 40 }]);
      }),
    );
    const logs = await dataProvider.doohPlayLogs('analytics', { dateStart: '2026-03-01', dateEnd: '2026-03-31' });
    expect(logs).toHaveLength(1);
    expect(JSON.parse(filter!)).toEqual({ playedAt_gte: '2026-03-01T00:00:00Z', playedAt_lte: '2026-03-31T23:59:59Z' });
  });

  it('names campaigns by id, and a missing service fails that source alone with its status', async () => {
    server.use(
      http.get(`${host('campaign')}/v1/campaigns`, () => HttpResponse.json([{ id: 3, name: 'Natale' }])),
      http.get(`${host('device')}/v1/devices`, () => HttpResponse.json({ message: 'Non implementato' }, { status: 501 })),
    );
    expect((await dataProvider.campaignNames('analytics')).get(3)).toBe('Natale');
    await expect(dataProvider.doohDevices('analytics')).rejects.toMatchObject({ status: 501 });
  });
});
