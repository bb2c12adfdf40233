import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { setRuntimeConfig } from '@/config/environment';
import { dataProvider } from '@/dataProviders';
import { EARLY_READ_MS, forgetEarlyReads, readEarly, withEarlyReads } from '@/dataProviders/earlyReads';
import { readFirstPage } from '@/firstReads';
import { signInAs } from './pages.helpers';

const SYSTEMS = 'http://systems.test';
const PLANNER = 'http://planner.test';
const pages: string[] = [];
const server = setupServer(
  http.get(`${SYSTEMS}/v1/system/all/page/:page/perPage/:perPage`, ({ request }) => {
    pages.push(new URL(request.url).search);
    return HttpResponse.json({ content: [{ id: 1, code: 'AG-0001', name: 'Poster' }], totalElements: 1 });
  }),
  http.get(`${PLANNER}/v1/availability`, ({ request }) => {
    pages.push(new URL(request.url).search);
    return HttpResponse.json({ rows: [], total: 0, totals: {}, columns: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  pages.length = 0;
  forgetEarlyReads();
  setRuntimeConfig({ environment: 'dev', hosts: { dev: { systems: SYSTEMS, planner: PLANNER } } });
});
afterEach(() => vi.useRealTimers());

const PARAMS = { pagination: { page: 1, perPage: 10 }, sort: { field: 'code', order: 'ASC' as const }, filter: {}, meta: undefined };

/** A data provider whose getList counts its calls. */
function counting() {
  const calls: unknown[] = [];
  const inner = {
    getList: (resource: string, params: unknown) => {
      calls.push([resource, params]);
      return Promise.resolve({ data: [{ id: calls.length }], total: 1 });
    },
  } as Pick<DataProvider, 'getList'> as DataProvider;
  return { calls, provider: withEarlyReads(inner) };
}

describe('early reads', () => {
  it('a read asked for early answers the same call once; a call with other parameters goes to the service', async () => {
    const { calls, provider } = counting();
    readEarly(provider, 'getList', 'systems', PARAMS);
    // The keys' order and react-query's abort signal do not make it another read.
    const signal = new AbortController().signal;
    const first = await provider.getList('systems', { sort: { order: 'ASC', field: 'code' }, filter: {}, pagination: { perPage: 10, page: 1 }, signal });
    expect(first.data).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
    // Taken once: the same call again reads anew.
    await provider.getList('systems', PARAMS);
    expect(calls).toHaveLength(2);
    await provider.getList('systems', { ...PARAMS, pagination: { page: 2, perPage: 10 } });
    expect(calls).toHaveLength(3);
  });

  it('asking early twice is one read, even after the screen took it; an answer older than EARLY_READ_MS is not used', async () => {
    vi.useFakeTimers();
    const { calls, provider } = counting();
    readEarly(provider, 'getList', 'systems', PARAMS);
    await provider.getList('systems', PARAMS);
    readEarly(provider, 'getList', 'systems', PARAMS);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(EARLY_READ_MS + 1);
    readEarly(provider, 'getList', 'systems', PARAMS);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(EARLY_READ_MS + 1);
    await provider.getList('systems', PARAMS);
    expect(calls).toHaveLength(3);
  });

  it('the systems list’s first page, asked for before the screen, reaches the service once', async () => {
    signInAs('ROLE_ADMIN');
    await readFirstPage('/systems-manage/manage', '');
    const result = await dataProvider.getList('systems', PARAMS);
    expect(result.data.map((s) => s.code)).toEqual(['AG-0001']);
    expect(pages).toEqual(['?type=ALL&sort=code&sortDir=ASC']);
  });

  it('nothing is asked early when the list’s sort or filters are in the address or in the store, or for a role that may not open the screen', async () => {
    signInAs('ROLE_ADMIN');
    await readFirstPage('/systems-manage/manage', '?filter=%7B%22q%22%3A%22x%22%7D');
    window.localStorage.setItem('RaStore.systems.listParams', JSON.stringify({ sort: 'name', order: 'ASC' }));
    await readFirstPage('/systems-manage/manage', '');
    window.localStorage.removeItem('RaStore.systems.listParams');
    signInAs('ROLE_SALES');
    await readFirstPage('/systems-manage/manage', '');
    // The same reads, asked without those reasons, do reach the service: the above were refused.
    signInAs('ROLE_ADMIN');
    await readFirstPage('/systems-manage/manage', '');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pages).toEqual(['?type=ALL&sort=code&sortDir=ASC']);
  });

  it('the availability screen’s page is read from the address, early, once', async () => {
    signInAs('ROLE_SALES');
    await readFirstPage('/availability', '?periodStart=2026-03-02&periodEnd=2026-03-29&q=Via');
    await dataProvider.getAvailability('availability', {
      filter: { periodStart: '2026-03-02', periodEnd: '2026-03-29', step: 'week', q: 'Via' },
      page: 1,
      perPage: 25,
    });
    expect(pages).toHaveLength(1);
    expect(new URLSearchParams(pages[0]).get('q')).toBe('Via');
  });
});
