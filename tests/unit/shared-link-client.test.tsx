import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/api/http';
import { storeGuest, storeSession } from '@/auth/session';
import { parseCompanyIdentity } from '@/config/company';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import NotFoundPage from '@/pages/errors/NotFoundPage';
import SharedResourcePage from '@/pages/shared/SharedResourcePage';
import { isLinkVisitor, rememberLinkVisit } from '@/pages/shared/linkVisit';
import { renderWithAdmin } from './pages.helpers';

/* A link that no longer opens speaks to the client, with the seller's identity. */

const ORIGIN = 'http://svc.test';
const server = setupServer();
const company = parseCompanyIdentity((JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: unknown }).company);
const VIEW = '/resource/estimate/42/token/abcdefghijklmnopqrst/view';

const routes = (
  <>
    <Route path="/resource/:resourceType/:resourceId/token/:token/view" element={<SharedResourcePage />} />
    <Route path="/404" element={<NotFoundPage />} />
  </>
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) }, company });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

describe('who the /404 page speaks to', () => {
  it('a tab that opened no shared link is staff', () => {
    expect(isLinkVisitor()).toBe(false);
  });

  it('a tab that opened a shared link and holds no staff session is a client, signed in as guest or not', () => {
    rememberLinkVisit(VIEW);
    expect(isLinkVisitor()).toBe(true);
    storeGuest('guest-token');
    expect(isLinkVisitor()).toBe(true);
  });

  it('a staff session in the tab wins over an earlier link visit', () => {
    rememberLinkVisit(VIEW);
    storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
    expect(isLinkVisitor()).toBe(false);
  });
});

describe('the client page', () => {
  it('staff keep the spec’s 404 page and its home link', async () => {
    renderWithAdmin(routes, '/404');
    await screen.findByRole('heading', { name: '404 - Ci dispiace, non sei autorizzato a visualizzare questa pagina' });
    expect(screen.getByRole('link', { name: 'Torna alla Home' })).toBeTruthy();
  });

  it('an unknown or revoked token (404 on the token exchange) goes to /404, which speaks to the client with the seller, and no home link', async () => {
    server.use(http.post(`${ORIGIN}/share/v1/token/auth`, () => HttpResponse.json({ message: 'Link di condivisione non trovato', status: 404 }, { status: 404 })));
    renderWithAdmin(routes, VIEW);
    await screen.findByRole('heading', { name: 'Questo link non è più valido' });
    expect(screen.getByTestId('location').textContent).toBe('/404');
    expect(screen.getByText(/Contatti chi glielo ha inviato/)).toBeTruthy();
    const seller = screen.getByRole('region', { name: 'Venditore' });
    expect(seller.textContent).toContain(company.name);
    expect(seller.textContent).toContain(`P.IVA ${company.vatNumber}`);
    expect(screen.queryByRole('link', { name: 'Torna alla Home' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /^404/ })).toBeNull();
  });

  it('an expired link (422) shows the client page at the link, with the service’s message', async () => {
    server.use(http.post(`${ORIGIN}/share/v1/token/auth`, () => HttpResponse.json({ message: 'Il link di condivisione è scaduto', status: 422 }, { status: 422 })));
    renderWithAdmin(routes, VIEW);
    await screen.findByRole('heading', { name: 'Questo link non è più valido' });
    expect(screen.getByTestId('location').textContent).toBe(VIEW);
    expect(screen.getByText('Il link di condivisione è scaduto')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Venditore' }).textContent).toContain(company.name);
  });
});
