import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'react-router-dom';
import { RouteGuard } from '@/auth/RouteGuard';
import { setRuntimeConfig } from '@/config/environment';
import LoginPage from '@/pages/public/LoginPage';
import { renderWithAdmin, signInAs } from './pages.helpers';

const guarded = (path: string) => (
  <Route
    path={path}
    element={
      <RouteGuard>
        <h1>Pagina protetta</h1>
      </RouteGuard>
    }
  />
);

const locationText = () => screen.getByTestId('location').textContent;
const locationState = () => JSON.parse(screen.getByTestId('location').getAttribute('data-state')!);

describe('private route guard', () => {
  it('without a stored user and role → /login, remembering the origin (state and ?redirect=)', async () => {
    renderWithAdmin(guarded('/campaigns/:id'), '/campaigns/7?tab=history');
    await waitFor(() => expect(locationText()).toBe('/login?redirect=%2Fcampaigns%2F7%3Ftab%3Dhistory'));
    expect(locationState()).toEqual({ nextPathname: '/campaigns/7', nextSearch: '?tab=history' });
    expect(screen.queryByText('Pagina protetta')).toBeNull();
  });

  it('a user without a role is not signed in', async () => {
    signInAs('ROLE_SALES');
    localStorage.removeItem('type');
    renderWithAdmin(guarded('/orders'), '/orders');
    await waitFor(() => expect(locationText()).toMatch(/^\/login/));
  });

  it('a role the table does not allow → /403 with the origin', async () => {
    signInAs('ROLE_SALES');
    renderWithAdmin(guarded('/settings/users'), '/settings/users');
    await waitFor(() => expect(locationText()).toBe('/403'));
    expect(locationState()).toEqual({ nextPathname: '/settings/users', nextSearch: '' });
  });

  it('an allowed role sees the page', async () => {
    signInAs('ROLE_SALES');
    renderWithAdmin(guarded('/campaigns'), '/campaigns');
    expect(await screen.findByText('Pagina protetta')).toBeInTheDocument();
    expect(locationText()).toBe('/campaigns');
  });

  it('the home path sends a role that may not open / to its home page instead of 403', async () => {
    signInAs('ROLE_SALESLEADER');
    renderWithAdmin(guarded('/'), '/');
    await waitFor(() => expect(locationText()).toBe('/orders'));
  });

  it('a guest never opens a private page', async () => {
    signInAs('ROLE_GUEST');
    renderWithAdmin(guarded('/orders'), '/orders');
    await waitFor(() => expect(locationText()).toBe('/403'));
  });
});

describe('back to the origin after sign-in', () => {
  const USER = 'http://user.test';
  const server = setupServer(
    http.post(`${USER}/oauth/token`, () =>
      HttpResponse.json({ token_type: 'bearer', access_token: 'a', refresh_token: 'r' }),
    ),
  );
  let role = 'ROLE_SALES';
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(() => server.resetHandlers());
  beforeEach(() => {
    setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
    server.use(
      http.get(`${USER}/user/profile`, () =>
        HttpResponse.json({ id: 3, principal: { username: 'demo' }, authorities: [{ authority: role }] }),
      ),
    );
  });

  const signInThroughForm = async () => {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Nome utente/), 'demo');
    await user.type(screen.getByLabelText(/Password/), 'demo');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
  };

  it('returns to the remembered location', async () => {
    role = 'ROLE_SALES';
    renderWithAdmin(
      <>
        <Route path="/login" element={<LoginPage />} />
        {guarded('/campaigns/:id')}
      </>,
      '/campaigns/7',
    );
    await waitFor(() => expect(locationText()).toMatch(/^\/login/));
    await signInThroughForm();
    expect(await screen.findByText('Pagina protetta')).toBeInTheDocument();
    expect(locationText()).toBe('/campaigns/7');
  });

  it('with no remembered location, goes to the role home (/orders for sales)', async () => {
    role = 'ROLE_SALES';
    renderWithAdmin(<Route path="/login" element={<LoginPage />} />, '/login');
    await signInThroughForm();
    await waitFor(() => expect(locationText()).toBe('/orders'));
  });

  it('a guest signed in on /login gets the page saying guests only open shared links', async () => {
    role = 'ROLE_GUEST';
    renderWithAdmin(<Route path="/login" element={<LoginPage />} />, '/login?redirect=%2Forders');
    await signInThroughForm();
    expect(await screen.findByRole('heading', { name: 'Accesso ospite' })).toBeInTheDocument();
    expect(screen.getByText(/Gli ospiti possono aprire solo le risorse condivise/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esci dall’accesso ospite' })).toBeInTheDocument();
  });

  it('wrong credentials show an Italian error on the form', async () => {
    server.use(http.post(`${USER}/oauth/token`, () => HttpResponse.json({ message: 'x' }, { status: 400 })));
    renderWithAdmin(<Route path="/login" element={<LoginPage />} />, '/login');
    await signInThroughForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Accesso non riuscito: nome utente o password non corretti',
    );
    expect(locationText()).toBe('/login');
  });

  it('a slowed sign-in (429) shows the Italian too-many-attempts message with the minutes to wait', async () => {
    server.use(
      http.post(`${USER}/oauth/token`, () =>
        HttpResponse.json({ message: 'x', status: 429 }, { status: 429, headers: { 'Retry-After': '900' } }),
      ),
    );
    renderWithAdmin(<Route path="/login" element={<LoginPage />} />, '/login');
    await signInThroughForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Troppi tentativi di accesso non riusciti: riprova tra 15 minuti',
    );
    expect(locationText()).toBe('/login');
  });
});
