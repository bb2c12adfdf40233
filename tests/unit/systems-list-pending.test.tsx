import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, type DataProvider, type GetListParams } from 'react-admin';
import { i18nProvider } from '@/i18n';
import SystemsList from '@/resources/systems/SystemsList';
import { SYSTEM_LIST_SORT } from '@/config/constants';

/*
 * The filtered systems list (one request of up to 9,999 rows, virtualized) while a new filter's rows
 * are on their way: neither the other filter's count nor its rows are shown, so "Seleziona tutto"
 * can't take rows of a request that is no longer the list's, and the count on screen is always the
 * filter's own.
 */

afterEach(() => cleanup());
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

const system = (id: number, type: 'OOH' | 'DOOH') => ({
  id,
  code: `MI-${String(id).padStart(4, '0')}`,
  name: `Impianto ${id}`,
  type,
  systemType: 'poster',
  status: 'active',
  address: 'Via Roma 1',
  municipality: { id: 1, name: 'Milano' },
  province: 'MI',
  mediaOwners: [],
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the filtered systems list while the next filter loads', () => {
  it('shows a progress bar, not the previous filter’s count and rows, until the new rows arrive', async () => {
    const dooh = deferred<{ data: ReturnType<typeof system>[]; total: number }>();
    const asked: GetListParams[] = [];
    const getList = vi.fn(async (_resource: string, params: GetListParams) => {
      asked.push(params);
      if (params.filter.type === 'DOOH') return dooh.promise;
      return { data: [system(1, 'OOH'), system(2, 'OOH'), system(3, 'OOH')], total: 3 };
    });
    // Only the list's rows matter here; the other calls of the screen (none on open) answer empty.
    const dataProvider = new Proxy({ getList } as unknown as DataProvider, {
      get: (target, key) => (key in target ? target[key as keyof DataProvider] : async () => ({ data: [] })),
    });
    const filter = encodeURIComponent(JSON.stringify({ statuses: ['active'] }));
    render(
      <MemoryRouter initialEntries={[`/systems-manage/manage?filter=${filter}`]}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
          <SystemsList />
        </AdminContext>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('systems-count').textContent).toBe('3 impianti trovati'));
    expect(screen.getByRole('checkbox', { name: 'Seleziona tutto' })).toBeTruthy();
    // A filtered address asks for the search's whole page at once, not the unfiltered page size first.
    expect(asked.map((p) => p.pagination?.perPage)).toEqual([9999]);
    expect(asked[0].sort).toEqual(SYSTEM_LIST_SORT);

    await userEvent.click(screen.getByRole('button', { name: 'DOOH' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(screen.queryByTestId('systems-count')).toBeNull();
    // No table to select from (jsdom lays out no rows for the virtualizer: the head's checkbox stands for them).
    expect(screen.queryByRole('checkbox', { name: 'Seleziona tutto' })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();

    dooh.resolve({ data: [system(7, 'DOOH')], total: 1 });
    await waitFor(() => expect(screen.getByTestId('systems-count').textContent).toBe('1 impianto trovato'));
    expect(screen.getByRole('checkbox', { name: 'Seleziona tutto' })).toBeTruthy();
  });
});
