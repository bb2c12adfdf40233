import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/api/http';
import { getAuthToken, getUser, isGuest, storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { campaignsDataProvider } from '@/dataProviders/campaigns';
import { sharePlanning } from '@/dataProviders/plannings';
import { sharesDataProvider } from '@/dataProviders/shares';
import NotFoundPage from '@/pages/errors/NotFoundPage';
import SharedResourcePage from '@/pages/shared/SharedResourcePage';
import { renderWithAdmin } from './pages.helpers';

/* The response rules (401, 404, the share service's own) and the link viewer through the real clients (MSW answers the wire). 409 and 404 against the documents: conflict-notfound.test.ts. */

const ORIGIN = 'http://svc.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

describe('the response rule through the data providers', () => {
  it('a 404 of a data provider getOne rejects as not found and keeps the session', async () => {
    server.use(http.get(`${ORIGIN}/campaign/v1/campaigns/77`, () => HttpResponse.json({ message: 'Campagna 77 non trovata' }, { status: 404 })));
    await expect(campaignsDataProvider.getOne('campaigns', { id: 77 })).rejects.toMatchObject({ status: 404, message: 'Campagna 77 non trovata' });
    expect(getAuthToken()).toBe('tok');
  });

  it('a 401 of a data provider call takes the one 401 path: session cleared, page reloaded once', async () => {
    server.use(http.get(`${ORIGIN}/campaign/v1/campaigns/5`, () => HttpResponse.json({ message: 'scaduto' }, { status: 401 })));
    const error = await campaignsDataProvider.getOne('campaigns', { id: 5 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(getAuthToken()).toBeNull();
    const { authProvider } = await import('@/auth/authProvider');
    await expect(authProvider.checkError(error as { status: number })).rejects.toBeInstanceOf(Error);
    expect(browser.reload).toHaveBeenCalledOnce();
  });
});

describe('the share service\'s rule', () => {
  it('the staff share panel’s provider takes a 422 body as its result', async () => {
    server.use(http.post(`${ORIGIN}/share/v1/share/create`, () => HttpResponse.json({ message: 'Risorsa non condivisibile', status: 422 }, { status: 422 })));
    const { data } = await sharesDataProvider.create('shares', { data: { resourceType: 'estimate', resourceId: 3 } });
    // react-admin's answer is a record: a refused create carries id 0, which names no share.
    expect(data).toEqual({ id: 0, message: 'Risorsa non condivisibile', status: 422, statusCode: 422 });
    server.use(http.post(`${ORIGIN}/share/v1/share/sendLink`, () => HttpResponse.json({ message: 'Link scaduto', status: 422 }, { status: 422 })));
    await expect(sharesDataProvider.sendShareLink('shares', { id: 4, input: { to: 'a@b.it' } })).resolves.toMatchObject({ message: 'Link scaduto', statusCode: 422 });
  });

  it('a 401 on a share call signs out to /404, planning share included', async () => {
    server.use(http.post(`${ORIGIN}/share/v1/share/create`, () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    await expect(sharesDataProvider.create('shares', { data: { resourceType: 'estimate', resourceId: 3 } })).rejects.toMatchObject({ status: 401 });
    expect(browser.assign).toHaveBeenLastCalledWith('/404');
    expect(getAuthToken()).toBeNull();
    vi.mocked(browser.assign).mockClear();
    storeSession({ auth: 'tok', user: { username: 'planner' }, type: 'ROLE_PLANNER', group: 'administrators' });
    await expect(sharePlanning(2)).rejects.toMatchObject({ status: 401 });
    expect(browser.assign).toHaveBeenLastCalledWith('/404');
    expect(browser.reload).not.toHaveBeenCalled();
  });
});

describe('the link viewer and the 404 page', () => {
  it('the link viewer loads the guest profile after storing the guest token', async () => {
    const profileAuth: string[] = [];
    server.use(
      http.post(`${ORIGIN}/share/v1/token/auth`, () => HttpResponse.json({ access_token: 'guest-tok', token_type: 'bearer' })),
      http.get(`${ORIGIN}/user/user/profile`, ({ request }) => {
        profileAuth.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json({ principal: { username: 'guest' }, name: 'Ospite', authorities: [{ authority: 'ROLE_GUEST' }] });
      }),
      http.get(`${ORIGIN}/share/v1/token/resource`, () =>
        HttpResponse.json({ resourceType: 'planning', resourceId: 2, title: 'Pianificazione Roma', data: { id: 2 } }),
      ),
    );
    renderWithAdmin(<Route path="/resource/:resourceType/:resourceId/token/:token/view" element={<SharedResourcePage />} />, '/resource/planning/2/token/abc/view');
    await screen.findByText('Pianificazione Roma');
    expect(profileAuth).toEqual(['Bearer guest-tok']);
    expect(isGuest()).toBe(true);
    expect(getUser()?.username).toBe('guest');
  });

  it('the 404 button reads "Torna alla Home" exactly, not upper-cased', async () => {
    renderWithAdmin(<Route path="/404" element={<NotFoundPage />} />, '/404');
    const button = await screen.findByRole('link', { name: 'Torna alla Home' });
    await waitFor(() => expect(getComputedStyle(button).textTransform).toBe('none'));
  });
});
