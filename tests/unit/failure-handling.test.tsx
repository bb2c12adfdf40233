import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoreAdminContext, useCreate, useGetOne, useUpdate } from 'react-admin';
import { fieldErrorsOf, failureMessage, isNetworkFailure, userFacingError, withUserFacingErrors } from '@/api/failures';
import { ApiError, callOrThrow, setTokenRefresher } from '@/api/http';
import { createQueryClient, MAX_QUERY_RETRIES, shouldRetryQuery } from '@/api/queryClient';
import { systemsApi } from '@/api/systems';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { dataProvider } from '@/dataProviders';
import { i18nProvider, it as italian } from '@/i18n';

/**
 * The app under failure: a network failure or a 5xx reaches the screens as a clear
 * Italian message (never "Failed to fetch" nor the service's body), a 400 / 409 as field errors
 * react-admin shows under the fields, reads are retried (network / 5xx only), writes never.
 */

const ORIGIN = 'http://svc.test';
const SYSTEMS = `${ORIGIN}/systems/v1`;
const server = setupServer();
const requests: string[] = [];
const app = (italian as unknown as { app: { errors: Record<string, string> } }).app.errors;

beforeAll(() => {
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'asset.manager' }, type: 'ROLE_ASSETMANAGER', group: 'administrators' });
});
afterEach(() => {
  server.resetHandlers();
  setTokenRefresher(undefined);
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

const count = (line: string) => requests.filter((r) => r === line).length;
const GET_ONE = 'GET /systems/v1/system/id/7';
const CREATE = 'POST /systems/v1/system/create';
const INPUT = { code: 'MI-1', name: 'Poster', type: 'OOH', systemType: 'poster', status: 'active', address: 'Via Roma 1', region: 'Lombardia', province: 'Milano', municipality: '015146', latitude: 45, longitude: 9, faces: 1 };

function wrapper({ children }: { children: ReactNode }) {
  // The app's own QueryClient, without the waits between retries.
  const queryClient = createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return (
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
      {children}
    </CoreAdminContext>
  );
}

describe('failures reach the screens as clear Italian messages (userFacingError)', () => {
  it('a network failure becomes status 0 with the unreachable message', () => {
    const error = userFacingError(new TypeError('Failed to fetch'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: app.unreachable });
    expect(isNetworkFailure(new DOMException('stop', 'AbortError'))).toBe(false);
  });

  it('a 5xx hides the service body and says what happened, keeping the status', () => {
    const error = userFacingError(new ApiError(500, 'NullPointerException at Foo.java:12', { message: 'NullPointerException at Foo.java:12' }));
    expect(error).toMatchObject({ status: 500 });
    expect((error as Error).message).not.toContain('NullPointer');
    expect((error as Error).message).toBe(app.server.replace('%{status}', '500'));
    expect(failureMessage(new ApiError(503, 'Service Unavailable'))).toContain('503');
  });

  it('a 400 keys the service violations by field, keeping them as `violations`', () => {
    const list = [{ path: '/body/latitude', message: 'deve essere un numero' }, { path: '/body/sizes/0/sizeId', message: 'obbligatorio' }, { path: '/', message: 'x' }];
    expect(fieldErrorsOf(list)).toEqual({ latitude: 'deve essere un numero', 'sizes.0.sizeId': 'obbligatorio' });
    const error = userFacingError(new ApiError(400, 'Richiesta non valida', { message: 'Richiesta non valida', errors: list }));
    expect(error).toMatchObject({ status: 400, message: 'Richiesta non valida', body: { errors: { latitude: 'deve essere un numero' }, violations: list } });
    expect(userFacingError(error)).toBe(error);
  });

  it('a 409 keeps the message naming what conflicted and puts it under the field the body names', () => {
    const message = 'Esiste già un inserzionista con questa partita IVA: 01234567890';
    const error = userFacingError(new ApiError(409, message, { message, status: 409, field: 'vatNumber' }));
    expect(error).toMatchObject({ status: 409, message, body: { errors: { vatNumber: message } } });
    const plain = new ApiError(409, 'Il codice MI-1 è già in uso', { message: 'Il codice MI-1 è già in uso' });
    expect(userFacingError(plain)).toBe(plain);
  });

  it('a 422 naming a missing reference puts its message under that field', () => {
    const list = [{ path: '/body/orderId', message: 'ordine inesistente: 999' }];
    const error = userFacingError(new ApiError(422, 'Riferimento a un elemento inesistente', { message: 'Riferimento a un elemento inesistente', status: 422, errors: list }));
    expect(error).toMatchObject({ status: 422, body: { errors: { orderId: 'ordine inesistente: 999' }, violations: list } });
  });

  it('callOrThrow, the path of every data provider, gives the clear messages itself', async () => {
    server.use(
      http.get(`${SYSTEMS}/system/id/1`, () => HttpResponse.error()),
      http.get(`${SYSTEMS}/system/id/2`, () => HttpResponse.json({ message: 'stack trace' }, { status: 502 })),
    );
    await expect(callOrThrow(systemsApi().GET('/system/id/{id}', { params: { path: { id: 1 } } }))).rejects.toMatchObject({ status: 0, message: app.unreachable });
    await expect(callOrThrow(systemsApi().GET('/system/id/{id}', { params: { path: { id: 2 } } }))).rejects.toMatchObject({ status: 502, message: app.server.replace('%{status}', '502'), body: { message: 'stack trace' } });
  });

  it('the data provider given to <Admin> rejects with field errors react-admin can show', async () => {
    server.use(
      http.post(`${SYSTEMS}/system/create`, () =>
        HttpResponse.json({ message: 'Richiesta non valida', status: 400, errors: [{ path: '/body/name', message: 'troppo lungo' }] }, { status: 400 }),
      ),
    );
    await expect(dataProvider.create('systems', { data: INPUT })).rejects.toMatchObject({ status: 400, body: { errors: { name: 'troppo lungo' } } });
    // Any object of methods can be wrapped; results pass through untouched.
    const wrapped = withUserFacingErrors({ ok: async () => 1, fail: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(wrapped.ok()).resolves.toBe(1);
    await expect(wrapped.fail()).rejects.toMatchObject({ status: 0 });
  });
});

describe('retries: only idempotent reads, only on network failures and 5xx', () => {
  it('the retry rule', () => {
    expect(shouldRetryQuery(0, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, new ApiError(500, 'x'))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 413, 422]) expect(shouldRetryQuery(0, new ApiError(status, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
    const client = createQueryClient();
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
    expect(client.getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
  });

  it('a GET that fails with a 5xx is tried again, up to the limit', async () => {
    server.use(http.get(`${SYSTEMS}/system/id/7`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { result } = renderHook(() => useGetOne('systems', { id: 7 }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(count(GET_ONE)).toBe(1 + MAX_QUERY_RETRIES);
    expect(result.current.error).toMatchObject({ status: 500, message: app.server.replace('%{status}', '500') });
  });

  it('a GET that fails on the network is tried again and succeeds', async () => {
    let calls = 0;
    server.use(
      http.get(`${SYSTEMS}/system/id/7`, () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json({ id: 7, code: 'MI-7' }))),
    );
    const { result } = renderHook(() => useGetOne('systems', { id: 7 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(count(GET_ONE)).toBe(2);
  });

  it.each([404, 400, 403])('a GET answered %i is not tried again', async (status) => {
    server.use(http.get(`${SYSTEMS}/system/id/7`, () => HttpResponse.json({ message: 'no' }, { status })));
    const { result } = renderHook(() => useGetOne('systems', { id: 7 }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(count(GET_ONE)).toBe(1);
  });

  it.each([
    ['a 500', () => HttpResponse.json({ message: 'boom' }, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
  ])('a POST that meets %s is sent exactly once', async (_label, answer) => {
    server.use(http.post(`${SYSTEMS}/system/create`, answer));
    const { result } = renderHook(() => useCreate(), { wrapper });
    await expect(result.current[0]('systems', { data: INPUT }, { returnPromise: true })).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(result.current[1].isError).toBe(true));
    expect(count(CREATE)).toBe(1);
  });

  it('an update that fails is sent exactly once (pessimistic update)', async () => {
    server.use(http.post(`${SYSTEMS}/system/update`, () => HttpResponse.json({ message: 'boom' }, { status: 503 })));
    const { result } = renderHook(() => useUpdate(), { wrapper });
    await expect(
      result.current[0]('systems', { id: 7, data: INPUT, previousData: { id: 7 } }, { mutationMode: 'pessimistic', returnPromise: true }),
    ).rejects.toMatchObject({ status: 503 });
    expect(requests.filter((r) => r.endsWith('/system/update'))).toHaveLength(1);
  });

  it('the one replay of a write is the token refresh after a 401, and only once', async () => {
    setTokenRefresher(async () => 'fresh');
    const tokens: (string | null)[] = [];
    server.use(
      http.post(`${SYSTEMS}/system/create`, ({ request }) => {
        tokens.push(request.headers.get('Authorization'));
        return HttpResponse.json({ message: 'scaduto' }, { status: 401 });
      }),
    );
    const { browser } = await import('@/api/http');
    const reload = browser.reload;
    browser.reload = () => {};
    try {
      await expect(dataProvider.create('systems', { data: INPUT })).rejects.toMatchObject({ status: 401 });
    } finally {
      browser.reload = reload;
    }
    expect(count(CREATE)).toBe(2);
    expect(tokens).toEqual(['Bearer tok', 'Bearer fresh']);
  });
});
