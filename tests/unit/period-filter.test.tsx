import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, DateInput, FilterForm, ListBase, memoryStore, testDataProvider, type GetListParams } from 'react-admin';
import { i18nProvider } from '@/i18n';
import { PeriodEndInput } from '@/ui/PeriodEndInput';

/* A list's period filter: an end before the start is refused on the field, and the list asks for nothing. */

afterEach(() => cleanup());
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

const filters = [
  <DateInput key="dateStart" source="dateStart" label="Dal" alwaysOn />,
  <PeriodEndInput key="dateEnd" source="dateEnd" startSource="dateStart" label="Al" alwaysOn />,
];

function renderList(getList: (resource: string, params: GetListParams) => Promise<never>) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider({ getList })} i18nProvider={i18nProvider} store={memoryStore()}>
        <ListBase resource="detections" filterDefaultValues={{ dateStart: '2026-03-01', dateEnd: '2026-03-31' }} debounce={0}>
          <FilterForm filters={filters} />
        </ListBase>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('PeriodEndInput in a list filter', () => {
  it('an end before the start shows the message under the field and no list request carries it', async () => {
    const getList = vi.fn((_resource: string, _params: GetListParams) => Promise.resolve({ data: [], total: 0 }) as never);
    renderList(getList);
    const sent = (field: string) => getList.mock.calls.map(([, params]) => params.filter[field]);
    await waitFor(() => expect(getList).toHaveBeenCalled());
    const end = screen.getByLabelText('Al');
    fireEvent.change(end, { target: { value: '2026-02-01' } });
    expect(await screen.findByText('La data di fine non può precedere la data di inizio')).toBeTruthy();
    // Longer than the filter form's debounce: a valid change would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent('dateEnd')).not.toContain('2026-02-01');

    // A start moved after the end makes the end wrong too; a start moved back clears it and the period is sent.
    fireEvent.change(end, { target: { value: '2026-03-15' } });
    await waitFor(() => expect(sent('dateEnd')).toContain('2026-03-15'));
    expect(screen.queryByText('La data di fine non può precedere la data di inizio')).toBeNull();
    fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '2026-03-20' } });
    expect(await screen.findByText('La data di fine non può precedere la data di inizio')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent('dateStart')).not.toContain('2026-03-20');
  });
});
