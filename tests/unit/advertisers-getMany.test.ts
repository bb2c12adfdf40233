import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { advertisersDataProvider } from '@/dataProviders/advertisers';
import { documentHandlers, type Seen } from './support/documentMock';

/*
 * A list's ReferenceFields to advertisers are batched by react-admin into one getMany: it must be
 * one request to the service, not one getById per row (the estimates list made 18 requests).
 */
const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['advertiser'], seen)));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('advertisers getMany', () => {
  it('reads several ids with one getAll, keeps the asked ones once, drops unknown ids', async () => {
    const { data } = await advertisersDataProvider.getMany('advertisers', { ids: [12, '12', 99, 12] });
    expect(seen.map((s) => s.operationId)).toEqual(['listAdvertisers']);
    expect(seen[0].violations).toEqual([]);
    // The document's getAll example holds advertiser 12 only.
    expect(data.map((a) => a.id)).toEqual([12]);
    expect(data[0]).toMatchObject({ name: 'Torrefazione Milanese S.r.l.', businessArea: 'Alimentare' });
  });
  it('reads a single id with getById, and nothing for no ids', async () => {
    const { data } = await advertisersDataProvider.getMany('advertisers', { ids: [12] });
    expect(seen.map((s) => s.operationId)).toEqual(['getAdvertiserById']);
    expect(new URL(seen[0].url).searchParams.get('id')).toBe('12');
    expect(data).toHaveLength(1);
    seen.length = 0;
    expect((await advertisersDataProvider.getMany('advertisers', { ids: [] })).data).toEqual([]);
    expect(seen).toEqual([]);
  });
});
