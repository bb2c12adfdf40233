import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, RecordContextProvider, ResourceContextProvider, testDataProvider } from 'react-admin';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { AdvertiserForm } from '@/resources/advertisers/AdvertiserInputs';
import { i18nProvider, it as italian } from '@/i18n';

/**
 * The advertiser's form checks its unique fields with the service as they are typed, and that
 * check never holds the form's state: a link followed right after the typing asks about the unsaved
 * changes; a taken name shows under the field once the service answers; a save waits for the checks
 * and never sends a known duplicate.
 */

const QUESTION = (italian as { ra: { message: { unsaved_changes: string } } }).ra.message.unsaved_changes;
const TAKEN = 'Esiste già un inserzionista con questa ragione sociale';

afterEach(() => vi.restoreAllMocks());

function renderForm(check: (field: string, value: string) => Promise<boolean>, onSubmit = vi.fn()) {
  const dataProvider = testDataProvider({
    checkAdvertiserUnicity: (_resource: string, { field, value }: { field: string; value: string }) => check(field, value),
    advertiserBusinessAreas: () => Promise.resolve([]),
    advertiserContactRoles: () => Promise.resolve([]),
  } as never);
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
            <ResourceContextProvider value="advertisers">
              <RecordContextProvider value={{ id: 1, name: 'Uno S.r.l.' }}>
                <AdvertiserForm onSubmit={onSubmit} />
              </RecordContextProvider>
            </ResourceContextProvider>
            <Link to="/elsewhere">altrove</Link>
          </AdminContext>
        ),
      },
      { path: '/elsewhere', element: <p>Altrove</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the advertiser’s form as it is typed', () => {
  it('a link followed while the name is being checked asks first, and keeps the typing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    // The service never answers.
    const router = renderForm(() => new Promise(() => {}));
    const name = await screen.findByLabelText(/Ragione sociale/);
    fireEvent.change(name, { target: { value: 'Due S.r.l.' } });
    // The form's state after the typing, before any answer of the service.
    await act(async () => {});
    fireEvent.click(screen.getByText('altrove'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(QUESTION));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText(/Ragione sociale/)).toHaveValue('Due S.r.l.');
  });

  it('shows a taken name under the field once the service answers, and a save does not send it', async () => {
    const onSubmit = vi.fn();
    renderForm((_field, value) => Promise.resolve(value !== 'Presa S.r.l.'), onSubmit);
    const name = await screen.findByLabelText(/Ragione sociale/);
    fireEvent.change(name, { target: { value: 'Presa S.r.l.' } });
    await screen.findByText(TAKEN, {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText(TAKEN);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Libera S.r.l.' } });
    await waitFor(() => expect(screen.queryByText(TAKEN)).toBeNull(), { timeout: 5_000 });
  });
});
