import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/api/http';
import { getAuthToken, storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { dataProvider } from '@/dataProviders';
import { documentHandlers, type Seen } from './support/documentMock';

/*
 * A 409 and a 404 through the data providers, both request paths (a typed client: advertisers; the
 * simple-rest HTTP client: campaigns), each answered with its document's own example: the call
 * settles them (409 → body plus statusCode 409, 404 → the body), the data provider turns them into
 * react-admin's states (a refused save with the service's message, a record not found).
 */

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  const answers = { createAdvertiser: 409, getAdvertiserById: 404, getCampaignById: 404, updateCampaign: 409 };
  server.use(...(await documentHandlers(ORIGIN, ['advertiser', 'campaign'], seen, answers)));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_ADMIN', group: 'administrators' });
});
afterEach(() => {
  vi.restoreAllMocks();
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

const campaign = { name: 'Estate', advertiserId: 3, periodStart: '2026-06-01', periodEnd: '2026-08-31', budget: 12000 };
const advertiser = { name: 'Nuovo', vatNumber: '01234567890', email: 'info@nuovo.it', businessArea: 'Alimentare' };

describe('a 409 on a save', () => {
  it('typed client: the save is refused with the service message, the body settled with statusCode 409', async () => {
    const error = await dataProvider.create('advertisers', { data: advertiser }).catch((e: unknown) => e);
    expect(seen.map((s) => [s.operationId, s.violations])).toEqual([['createAdvertiser', []]]);
    expect(error).toMatchObject({
      status: 409,
      message: 'Esiste già un inserzionista con partita IVA 01234567890',
      body: { message: 'Esiste già un inserzionista con partita IVA 01234567890', statusCode: 409 },
    });
    expect(getAuthToken()).toBe('tok');
  });

  it('simple-rest client: the same', async () => {
    const error = await dataProvider
      .update('campaigns', { id: 5, data: campaign, previousData: { id: 5 } })
      .catch((e: unknown) => e);
    expect(seen.map((s) => s.operationId)).toEqual(['updateCampaign']);
    expect(error).toMatchObject({
      status: 409,
      message: 'Passaggio di stato non consentito: completed → running',
      body: { statusCode: 409 },
    });
  });
});

describe('a 404 on getOne is react-admin\'s not found', () => {
  it('typed client', async () => {
    await expect(dataProvider.getOne('advertisers', { id: 99 })).rejects.toMatchObject({ status: 404, message: 'Inserzionista 99 non trovato' });
    expect(seen.map((s) => [s.operationId, s.violations])).toEqual([['getAdvertiserById', []]]);
    expect(getAuthToken()).toBe('tok');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('simple-rest client', async () => {
    await expect(dataProvider.getOne('campaigns', { id: 99 })).rejects.toMatchObject({ status: 404, message: 'Campagna 99 non trovata' });
    expect(seen.map((s) => s.operationId)).toEqual(['getCampaignById']);
  });
});
