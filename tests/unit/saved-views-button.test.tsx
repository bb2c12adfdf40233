import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, ListBase, memoryStore, testDataProvider, useListContext, useStore } from 'react-admin';
import { setRuntimeConfig } from '@/config/environment';
import { usersDataProvider } from '@/dataProviders/users';
import { i18nProvider } from '@/i18n';
import { SavedViewsButton } from '@/ui/listViews/SavedViewsButton';
import { signInAs } from './pages.helpers';

/* The saved views menu of a list: what it saves from the list and the column store, and what choosing a view sets. */

afterEach(() => cleanup());
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

const USER = 'http://user.test';
const VIEW = {
  id: 7,
  list: 'teams',
  name: 'Squadre DOOH',
  filter: { type: 'DOOH' },
  sort: { field: 'name', order: 'ASC' },
  hiddenColumns: ['area'],
  createdAt: '2026-03-02T09:15:00Z',
};

const posted: unknown[] = [];
let stored: (typeof VIEW)[] = [];
const server = setupServer(
  http.get(`${USER}/user/preference/views`, ({ request }) => {
    expect(new URL(request.url).searchParams.get('list')).toBe('teams');
    return HttpResponse.json(stored);
  }),
  http.post(`${USER}/user/preference/views`, async ({ request }) => {
    const body = (await request.json()) as { name: string };
    posted.push(body);
    if (stored.some((v) => v.name.toLowerCase() === body.name.toLowerCase()))
      return HttpResponse.json(
        { message: `Esiste già una vista «${body.name}» per questo elenco`, status: 409 },
        { status: 409 },
      );
    const view = { ...VIEW, ...body, id: 8 };
    stored = [...stored, view];
    return HttpResponse.json(view, { status: 201 });
  }),
  http.delete(`${USER}/user/preference/views/:viewId`, ({ params }) => {
    const view = stored.find((v) => v.id === Number(params.viewId));
    stored = stored.filter((v) => v !== view);
    return view
      ? HttpResponse.json(view)
      : HttpResponse.json({ message: 'Vista salvata non trovata' }, { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  posted.length = 0;
  stored = [];
  setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
  signInAs('ROLE_ASSETMANAGER', 'assetmanager');
});

/** What the list shows now: its filters, its sort and the DataTable's hidden columns. */
function Probe() {
  const { filterValues, sort } = useListContext();
  const [hidden] = useStore<string[]>('teams.datatable', []);
  return <output data-testid="state">{JSON.stringify({ filter: filterValues, sort, hidden })}</output>;
}

function renderList() {
  // The list's own rows are none; the views go through the users provider, to the service (mocked above).
  const { savedViews, saveView, deleteView } = usersDataProvider;
  const dataProvider = {
    ...testDataProvider({ getList: () => Promise.resolve({ data: [], total: 0 }) as never }),
    savedViews,
    saveView,
    deleteView,
  };
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore({ 'teams.datatable': ['vat'] })}
      >
        <ListBase
          resource="teams"
          filterDefaultValues={{ q: 'rossi', empty: '' }}
          sort={{ field: 'companyName', order: 'DESC' }}
        >
          <SavedViewsButton />
          <Probe />
        </ListBase>
      </AdminContext>
    </MemoryRouter>,
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('SavedViewsButton', () => {
  it("saves the list's filters, sort and the DataTable's hidden columns under the name", async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Viste' }));
    await screen.findByText('Nessuna vista salvata');
    await user.click(screen.getByRole('button', { name: 'Salva vista corrente…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salva la vista corrente' });
    await user.type(within(dialog).getByLabelText(/Nome della vista/), '  Rossi per nome ');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      list: 'teams',
      name: 'Rossi per nome',
      filter: { q: 'rossi' },
      sort: { field: 'companyName', order: 'DESC' },
      hiddenColumns: ['vat'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Salva la vista corrente' })).toBeNull());
  });

  it('shows a refused name under the field and keeps the dialog open', async () => {
    stored = [VIEW];
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Viste' }));
    await user.click(await screen.findByRole('button', { name: 'Salva vista corrente…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salva la vista corrente' });
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Indica un nome')).toBeTruthy();
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Nome della vista/), 'squadre dooh');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(
      await within(dialog).findByText('Esiste già una vista «squadre dooh» per questo elenco'),
    ).toBeTruthy();
  });

  it("sets a chosen view's filters, sort and hidden columns on the list, and deletes a view", async () => {
    stored = [VIEW];
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(state()).toMatchObject({ filter: { q: 'rossi' }, hidden: ['vat'] }));
    await user.click(await screen.findByRole('button', { name: 'Viste' }));
    await user.click(await screen.findByRole('button', { name: 'Squadre DOOH' }));
    await waitFor(() =>
      expect(state()).toEqual({
        filter: { type: 'DOOH' },
        sort: { field: 'name', order: 'ASC' },
        hidden: ['area'],
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Viste' }));
    await user.click(await screen.findByRole('button', { name: 'Elimina la vista «Squadre DOOH»' }));
    await screen.findByText('Nessuna vista salvata');
    expect(stored).toEqual([]);
    // The focus stays in the menu (the deleted entry's button is gone), so Escape still closes it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salva vista corrente…' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Viste salvate' })).toBeNull());
  });
});
