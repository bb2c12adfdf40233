import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { NotificationsBell } from '@/layout/NotificationsBell';
import { i18nProvider } from '@/i18n';

/**
 * The bell's popover holds the place of its list while the list loads, and says so when it cannot
 * be read: the footer's «Tutti gli avvisi (Da fare)» stays where it was when the notices arrive.
 */

beforeEach(() => localStorage.setItem('type', 'ROLE_SALES'));
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderBell(list: () => Promise<unknown>) {
  const dataProvider = testDataProvider({
    unreadNotifications: () => Promise.resolve(2),
    getList: list,
  } as never);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsBell />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the notices’ bell', () => {
  it('shows a loading line in the place of the list, then the notices', async () => {
    let answer: (value: unknown) => void = () => {};
    renderBell(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(await screen.findByRole('button', { name: 'Avvisi: 2 da leggere' }));
    const popover = await screen.findByRole('dialog', { name: 'Avvisi da leggere' });
    expect(within(popover).getByText('Caricamento degli avvisi…')).toBeInTheDocument();
    expect(within(popover).getByRole('list')).toHaveAttribute('aria-busy', 'true');
    answer({ data: [], total: 0 });
    await within(popover).findByText('Nessun avviso da leggere');
    expect(within(popover).queryByText('Caricamento degli avvisi…')).toBeNull();
    expect(within(popover).getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('says when the list cannot be read', async () => {
    // react-admin logs a refused read to the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBell(() => Promise.reject(new Error('503')));
    fireEvent.click(await screen.findByRole('button', { name: 'Avvisi: 2 da leggere' }));
    const popover = await screen.findByRole('dialog', { name: 'Avvisi da leggere' });
    await within(popover).findByText('Non è stato possibile leggere gli avvisi: riprova più tardi');
    expect(within(popover).getByRole('link', { name: 'Tutti gli avvisi (Da fare)' })).toHaveAttribute('href', '/inbox');
  });
});
