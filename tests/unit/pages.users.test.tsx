import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'react-router-dom';
import { setRuntimeConfig } from '@/config/environment';
import { dataProvider, dataProviderFor, UnknownResourceError } from '@/dataProviders';
import { listUsersParams, userInputOf, userUpdateOf, usersDataProvider } from '@/dataProviders/users';
import UsersPage from '@/pages/settings/users/UsersPage';
import { renderWithAdmin, signInAs } from './pages.helpers';

const USER = 'http://user.test';
const user = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  username: `user${id}`,
  name: `Nome${id}`,
  surname: `Cognome${id}`,
  email: `user${id}@ooh-demo.it`,
  role: 'ROLE_SALES',
  group: 'administrators',
  enabled: true,
  avatarId: null,
  createdAt: '2026-01-10T08:00:00Z',
  ...over,
});

const requests: { method: string; url: URL; body?: unknown }[] = [];
const server = setupServer(
  http.get(`${USER}/user/all/page/:page/perPage/:perPage/sort/:sort`, ({ request }) => {
    requests.push({ method: 'GET', url: new URL(request.url) });
    return HttpResponse.json({
      content: [user(1), user(2, { role: 'ROLE_ADMIN' })],
      totalElements: 12,
      totalPages: 2,
      number: 0,
      size: 10,
    });
  }),
  http.get(`${USER}/user/getUserById/:id`, ({ params, request }) => {
    requests.push({ method: 'GET', url: new URL(request.url) });
    return HttpResponse.json(user(Number(params.id)));
  }),
  http.get(`${USER}/user/getAllRole`, () =>
    HttpResponse.json([
      { name: 'ROLE_ADMIN', label: 'Super Admin' },
      { name: 'ROLE_SALES', label: 'Commerciale' },
    ]),
  ),
  http.post(`${USER}/user/createUser`, async ({ request }) => {
    const body = await request.json();
    requests.push({ method: 'POST', url: new URL(request.url), body });
    return HttpResponse.json({ ...user(11), ...(body as object) }, { status: 201 });
  }),
  http.post(`${USER}/user/updateUser`, async ({ request }) => {
    const body = await request.json();
    requests.push({ method: 'POST', url: new URL(request.url), body });
    return HttpResponse.json({ ...user(5), ...(body as object) });
  }),
  http.delete(`${USER}/user/deleteUser`, ({ request }) => {
    requests.push({ method: 'DELETE', url: new URL(request.url) });
    return HttpResponse.json(user(Number(new URL(request.url).searchParams.get('userId'))));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  requests.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
  signInAs('ROLE_ADMIN', 'admin');
});

describe('users data provider (user service endpoints)', () => {
  it('maps react-admin paging and sorting to page from 0, perPage, direction and sortValue', () => {
    expect(
      listUsersParams({ pagination: { page: 2, perPage: 25 }, sort: { field: 'surname', order: 'DESC' } }),
    ).toEqual({
      path: { page: 1, perPage: 25, sort: 'DESC' },
      query: { sortValue: 'surname' },
    });
    expect(
      listUsersParams({ pagination: { page: 1, perPage: 10 }, sort: { field: 'group', order: 'ASC' } }),
    ).toEqual({
      path: { page: 0, perPage: 10, sort: 'ASC' },
      query: { sortValue: 'username' },
    });
  });

  it('getList calls all/page/{page}/perPage/{perPage}/sort/{sort} and returns content and totalElements', async () => {
    const result = await usersDataProvider.getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'email', order: 'DESC' },
      filter: {},
    });
    expect(requests[0].url.pathname).toBe('/user/all/page/1/perPage/10/sort/DESC');
    expect(requests[0].url.searchParams.get('sortValue')).toBe('email');
    expect(result.total).toBe(12);
    expect(result.data.map((u) => u.id)).toEqual([1, 2]);
  });

  it('getOne calls getUserById/{id}', async () => {
    const { data } = await usersDataProvider.getOne('users', { id: '5' });
    expect(requests[0].url.pathname).toBe('/user/getUserById/5');
    expect(data).toMatchObject({ id: 5, username: 'user5' });
  });

  it('create posts createUser with the defaults (group administrators, enabled) and only the accepted fields', async () => {
    await usersDataProvider.create('users', {
      data: {
        username: 'luca',
        password: 'Estate-sul-Garda-2026',
        name: 'Luca',
        surname: 'Verdi',
        email: 'l@x.it',
        role: 'ROLE_SALES',
        extra: 1,
      },
    });
    expect(requests[0].body).toEqual({
      username: 'luca',
      password: 'Estate-sul-Garda-2026',
      name: 'Luca',
      surname: 'Verdi',
      email: 'l@x.it',
      role: 'ROLE_SALES',
      group: 'administrators',
      enabled: true,
    });
  });

  it('update posts updateUser?id with the changeable fields; an empty password, the id and the username are not sent', async () => {
    await usersDataProvider.update('users', {
      id: 5,
      data: { ...user(5), name: 'Chiara', password: '' },
      previousData: user(5),
    });
    expect(requests[0].url.pathname).toBe('/user/updateUser');
    expect(requests[0].url.searchParams.get('id')).toBe('5');
    expect(requests[0].body).toEqual({
      name: 'Chiara',
      surname: 'Cognome5',
      email: 'user5@ooh-demo.it',
      role: 'ROLE_SALES',
      group: 'administrators',
      enabled: true,
    });
    expect(userUpdateOf({ password: 'nuova' })).toEqual({ password: 'nuova' });
    expect(userInputOf({ group: 'g', enabled: false })).toMatchObject({ group: 'g', enabled: false });
  });

  it('delete calls deleteUser?userId', async () => {
    await usersDataProvider.delete('users', { id: 7 });
    expect(requests[0].method).toBe('DELETE');
    expect(requests[0].url.searchParams.get('userId')).toBe('7');
  });

  it('the composite provider routes users to it and refuses an unknown resource', async () => {
    await dataProvider.getOne('users', { id: 3 });
    expect(requests[0].url.pathname).toBe('/user/getUserById/3');
    expect(() => dataProviderFor('nonexistent')).toThrow(UnknownResourceError);
    expect(() => dataProviderFor('toString')).toThrow(UnknownResourceError);
  });
});

describe('/settings/users screen', () => {
  const renderUsers = (path = '/settings/users') =>
    renderWithAdmin(<Route path="/settings/users/*" element={<UsersPage />} />, path);

  it('lists the users with Italian headers and role labels', async () => {
    renderUsers();
    expect(await screen.findByText('user1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gestione utenti' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Nome utente/ })).toBeInTheDocument();
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nuovo utente/ })).toHaveAttribute(
      'href',
      '/settings/users/create',
    );
  });

  it('deletes a user after confirmation', async () => {
    renderUsers();
    await screen.findByText('user1');
    await userEvent.click(screen.getByRole('button', { name: 'Elimina Nome1 Cognome1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Eliminare l’utente Nome1 Cognome1?');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: /Conferma/ }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'DELETE')?.url.searchParams.get('userId')).toBe('1'),
    );
  });

  it('refuses a guessable new password under its field before sending', async () => {
    renderUsers('/settings/users/5');
    const name = await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ });
    await waitFor(() => expect(name).toHaveValue('Nome5'));
    await userEvent.type(screen.getByLabelText(/^Password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: /Salva/ }));
    expect(await screen.findByText(/troppo facile da indovinare/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    // The password check is loaded on first use: on a loaded machine the whole case outlasts 5 s.
  }, 30_000);

  it('edits a user with the roles from getAllRole and goes back to the list', async () => {
    renderUsers('/settings/users/5');
    const name = await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ });
    await waitFor(() => expect(name).toHaveValue('Nome5'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Chiara');
    await userEvent.click(screen.getByRole('button', { name: /Salva/ }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Chiara' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/users$/));
  }, 30_000);
});
