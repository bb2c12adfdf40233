import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import {
  AdminContext,
  DataTable,
  ListContextProvider,
  ResourceContextProvider,
  memoryStore,
  useList,
  type DataProvider,
} from 'react-admin';
import { i18nProvider } from '@/i18n';
import { lightBody } from '@/ui/lightTable';

/*
 * The light DataTable body (src/ui/lightTable.tsx): the same cells, selection (with Shift ranges),
 * column chooser and row click as react-admin's own body, drawn as plain rows and cells.
 */

afterEach(() => cleanup());
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const things = [1, 2, 3, 4, 5].map((id) => ({
  id,
  code: `T-${id}`,
  city: { name: `Città ${id}` },
  price: id * 10,
  secret: `nascosto ${id}`,
}));

const Body = lightBody((record) => `Seleziona ${String(record.code)}`);

function Things() {
  const list = useList({ data: things, perPage: 10 });
  return (
    <ListContextProvider value={list}>
      <DataTable rowClick={(id) => `/things/${id}`} body={Body}>
        <DataTable.Col source="code" label="Codice" />
        <DataTable.Col source="city.name" label="Città" />
        <DataTable.Col source="price" label="Prezzo" render={(r) => `${r.price} €`} />
        <DataTable.Col source="secret" label="Segreto" />
      </DataTable>
    </ListContextProvider>
  );
}

function Opened() {
  return <p>aperto {useParams().id}</p>;
}

function renderThings() {
  const dataProvider = new Proxy({} as DataProvider, { get: () => async () => ({ data: [] }) });
  render(
    <MemoryRouter initialEntries={['/things']}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        // The column chooser's choice: «Segreto» hidden.
        store={memoryStore({ 'things.datatable': ['secret'] })}
      >
        <ResourceContextProvider value="things">
          <Routes>
            <Route path="/things" element={<Things />} />
            <Route path="/things/:id" element={<Opened />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');

function PricedThings() {
  const list = useList({ data: things, perPage: 10 });
  return (
    <ListContextProvider value={list}>
      <DataTable body={Body}>
        <DataTable.Col source="code" label="Codice" />
        <DataTable.NumberCol source="price" label="Prezzo" />
      </DataTable>
    </ListContextProvider>
  );
}

describe('the light DataTable body', () => {
  it('refuses a column it can not draw (a NumberCol formats its own cells) instead of writing it raw', () => {
    const dataProvider = new Proxy({} as DataProvider, { get: () => async () => ({ data: [] }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <MemoryRouter>
          <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
            <ResourceContextProvider value="things">
              <PricedThings />
            </ResourceContextProvider>
          </AdminContext>
        </MemoryRouter>,
      ),
    ).toThrow('DataTable.Col columns only');
    vi.mocked(console.error).mockRestore();
  });

  it('writes each column as react-admin does, nested sources and render functions included, without the hidden columns', async () => {
    renderThings();
    await screen.findByText('T-1');
    const cells = within(bodyRows()[1]).getAllByRole('cell');
    // The selection box, then code, city and price: the hidden «Segreto» is not drawn.
    expect(cells.map((cell) => cell.textContent)).toEqual(['', 'T-2', 'Città 2', '20 €']);
    expect(cells[1].className).toContain('column-code');
    expect(screen.queryByText('nascosto 2')).toBeNull();
  });

  it('selects a row by its box, and a range with Shift, marking the rows selected', async () => {
    const user = userEvent.setup();
    renderThings();
    await user.click(await screen.findByRole('checkbox', { name: 'Seleziona T-2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona T-4' }));
    await user.keyboard('{/Shift}');
    await waitFor(() =>
      expect(bodyRows().map((row) => row.getAttribute('aria-selected'))).toEqual([
        'false',
        'true',
        'true',
        'true',
        'false',
      ]),
    );
    expect(bodyRows()[2].className).toContain('Mui-selected');
    expect(screen.getByRole('checkbox', { name: 'Seleziona T-3' })).toBeChecked();
    // A box's click selects and does not open the row.
    expect(screen.queryByText(/aperto/)).toBeNull();
  });

  it('opens a row by a click on it', async () => {
    const user = userEvent.setup();
    renderThings();
    await user.click(await screen.findByText('Città 3'));
    expect(await screen.findByText('aperto 3')).toBeInTheDocument();
  });

  it('opens a row from the keyboard: the row is in the Tab order, Enter opens it', async () => {
    const user = userEvent.setup();
    renderThings();
    await screen.findByText('T-1');
    expect(bodyRows()[4]).toHaveAttribute('tabindex', '0');
    bodyRows()[4].focus();
    expect(bodyRows()[4]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('aperto 5')).toBeInTheDocument();
  });
});
