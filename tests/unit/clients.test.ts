import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advertiserApi } from '@/api/advertiser';
import { auditApi } from '@/api/audit';
import { campaignApi } from '@/api/campaign';
import { catalogueApi } from '@/api/catalogue';
import { circuitsApi } from '@/api/circuits';
import { companiesApi } from '@/api/companies';
import { creativityApi } from '@/api/creativity';
import { deviceApi } from '@/api/device';
import { estimateApi } from '@/api/estimate';
import { frameApi } from '@/api/frame';
import { geoApi } from '@/api/geo';
import { historyApi } from '@/api/history';
import { mailApi } from '@/api/mail';
import { opportunityApi } from '@/api/opportunity';
import { orderApi } from '@/api/order';
import { plannerApi } from '@/api/planner';
import { productApi } from '@/api/product';
import { schedulerApi } from '@/api/scheduler';
import { sharePublicApi } from '@/api/share';
import { systemsApi } from '@/api/systems';
import { userPublicApi } from '@/api/user';
import { callOrThrow } from '@/api/http';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { SERVICES } from '@/config/services';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, [...SERVICES], seen)));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'alessandra.conti' }, type: 'ROLE_ADMIN', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

/** One typed call per service; the mock answers only what its document allows. */
const calls: Record<string, () => Promise<unknown>> = {
  systems: () =>
    callOrThrow(
      systemsApi().POST('/system/inAreaList', {
        params: { query: { type: 'OOH', biasPercentage: 0.01 } },
        body: { north: 45.52, south: 45.4, east: 9.28, west: 9.1 },
      }),
    ),
  companies: () => callOrThrow(companiesApi().GET('/company/getAll')),
  geo: () => callOrThrow(geoApi().GET('/georegistry/getProvinceByRegion', { params: { query: { region: 'Lombardia' } } })),
  audit: () =>
    callOrThrow(auditApi().GET('/detection/byRangeDate', { params: { query: { dateStart: '2026-01-01', dateEnd: '2026-03-31' } } })),
  mail: () => callOrThrow(mailApi().GET('/mails', { params: { query: { sort: '["sentAt","DESC"]', range: '[0,9]' } } })),
  creativity: () => callOrThrow(creativityApi().GET('/creatives/{id}', { params: { path: { id: 4 } } })),
  campaign: () => callOrThrow(campaignApi().GET('/campaigns', { params: { query: { range: '[0,9]' } } })),
  planner: () =>
    callOrThrow(plannerApi().GET('/plannings/{id}/availability', { params: { path: { id: 2 }, query: { systemIds: [1, 2] } } })),
  catalogue: () => callOrThrow(catalogueApi().GET('/getById/{id}', { params: { path: { id: 1 } } })),
  product: () =>
    callOrThrow(
      productApi().POST('/v1/estimate/product/save', {
        params: { query: { catalogIds: [1, 2] } },
        body: { code: 'POS-6X3-MI', name: 'Poster 6x3 Milano', unit: 'week', basePrice: 450, active: true },
      }),
    ),
  estimate: () =>
    callOrThrow(
      estimateApi().GET('/all/page/{p}/perPage/{n}/sort/{dir}/', {
        params: { path: { p: 0, n: 9999, dir: 'ASC' }, query: { sortValue: 'name' } },
      }),
    ),
  circuits: () => callOrThrow(circuitsApi().GET('/circuit/byType', { params: { query: { type: 'DOOH' } } })),
  share: () =>
    callOrThrow(
      sharePublicApi().POST('/token/auth', {
        params: { query: { resourceId: 12, resourceType: 'estimate', token: 'k3xY9aQ2mP7vR1tZ8wN4bL6c' } },
      }),
    ),
  order: () => callOrThrow(orderApi().GET('/orders/{id}', { params: { path: { id: 3 } } })),
  frame: () => callOrThrow(frameApi().GET('/frames')),
  opportunity: () =>
    callOrThrow(
      opportunityApi().GET('/v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}/sortValue/{field}', {
        params: { path: { page: 0, perPage: 10, dir: 'DESC', field: 'name' }, query: { filters: { status: 'new' } } },
        querySerializer: { object: { style: 'form', explode: true } },
      }),
    ),
  advertiser: () =>
    callOrThrow(advertiserApi().GET('/checkUnicity/{field}', { params: { path: { field: 'name' }, query: { value: 'Birra Moretti' } } })),
  device: () => callOrThrow(deviceApi().GET('/devices')),
  scheduler: () => callOrThrow(schedulerApi().GET('/eventScheduler/all')),
  history: () => callOrThrow(historyApi().GET('/idSystem/{id}', { params: { path: { id: 1 } } })),
  user: () =>
    callOrThrow(
      userPublicApi().POST('/oauth/token', {
        headers: { Authorization: 'Basic YmFja29mZmljZTpiYWNrb2ZmaWNlLXNlY3JldA==', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: { grant_type: 'password', username: 'admin', password: 'demo' },
        bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      }),
    ),
};

describe('typed clients against their documents', () => {
  it('covers every one of the 21 services', () => {
    expect(Object.keys(calls).sort()).toEqual([...SERVICES].sort());
  });

  for (const service of SERVICES) {
    it(`${service}: a typed call satisfies ${service}.yaml`, async () => {
      await calls[service]();
      expect(seen).toHaveLength(1);
      expect(seen[0].service).toBe(service);
      expect(seen[0].operationId).toBeTruthy();
      expect(seen[0].violations).toEqual([]);
    });
  }

  it('a request that breaks the document is refused and fails the call', async () => {
    await expect(
      callOrThrow(
        // @ts-expect-error — a wrong parameter type is what the document must catch
        geoApi().GET('/georegistry/getProvinceByRegion', { params: { query: { region: 3, extra: true } } }),
      ).catch(() => 'refused'),
    ).resolves.toBe('refused');
    await expect(callOrThrow(auditApi().GET('/detection/byRangeDate', { params: { query: { dateStart: 'ieri', dateEnd: '2026-03-31' } } }))).rejects.toMatchObject({
      status: 400,
    });
    expect(seen.at(-1)?.violations.join(' ')).toMatch(/format|date/);
  });
});
