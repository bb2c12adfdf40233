import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { EstimateSidePanel } from '@/resources/estimates/EstimateSidePanel';
import { i18nProvider } from '@/i18n';

/**
 * The service refuses to delete an accepted estimate (estimate.yaml, 409): the side panel offers
 * no delete for one, and says why; any other estimate keeps its delete.
 */

beforeEach(() => localStorage.setItem('type', 'ROLE_SALES'));
afterEach(() => localStorage.clear());

function renderPanel(status: string) {
  const never = () => new Promise<never>(() => {});
  const dataProvider = testDataProvider({
    estimateCommission: never,
    getList: never,
    getManyReference: never,
  } as never);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RecordContextProvider value={{ id: 3, name: 'Preventivo di prova', status, lines: [], version: 1 }}>
          <EstimateSidePanel />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the estimate’s side panel', () => {
  it('an accepted estimate: no delete, and the reason', async () => {
    renderPanel('accepted');
    await screen.findByText('Un preventivo accettato non può essere eliminato');
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull();
  });

  it('a draft: the delete is there', async () => {
    renderPanel('draft');
    await screen.findByRole('button', { name: 'Elimina' });
    expect(screen.queryByText('Un preventivo accettato non può essere eliminato')).toBeNull();
  });
});
