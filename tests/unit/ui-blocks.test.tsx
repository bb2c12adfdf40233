import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { AdminContext, Notification, Form, TextInput, NumberInput, SaveButton, type DataProvider } from 'react-admin';
import { createCampaignBody } from '@/api/generated/campaign.zod';
import { z } from 'zod';
import { ApiError } from '@/api/errors';
import { i18nProvider } from '@/i18n';
import { formatDate, formatMoney, formatNumber, codeLabel } from '@/ui/format';
import { neutralise, toCsv } from '@/ui/csv';
import { exportCells, fetchAllRows, EXPORT_PAGE_SIZE } from '@/ui/exporter';
import { endNotBeforeStart, schemaResolver, withRules } from '@/ui/validation';
import { useFailure } from '@/ui/useFailure';
import { FileTable } from '@/ui/FileTable';

describe('Italian formats', () => {
  it('groups every amount by thousands, 4 digits included', () => {
    expect(formatMoney(5947)).toBe('5.947,00\u00a0€');
    expect(formatMoney(11022)).toBe('11.022,00\u00a0€');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(3964, 0)).toBe('3.964');
    expect(formatNumber(12.345, 1)).toBe('12,3');
    expect(formatMoney(null)).toBe('');
  });

  it('writes whole euros for charts, grouped the same way', () => {
    expect(formatMoney(5947.6, { whole: true })).toBe('5.948\u00a0€');
    expect(formatMoney(1234567, { whole: true })).toBe('1.234.567\u00a0€');
  });
  it('writes dates dd/mm/yyyy without shifting a bare ISO day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate(new Date(2026, 11, 24, 23, 30))).toBe('24/12/2026');
    expect(formatDate('')).toBe('');
  });
  it('reads a code as its Italian label, an unknown code as itself', () => {
    expect(codeLabel('resources.campaigns.status', 'running')).toBe('In corso');
    expect(codeLabel('resources.campaigns.status', 'mystery')).toBe('mystery');
  });
});

describe('the CSV writer', () => {
  it('neutralises every cell a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}HYPERLINK("x")`)).toBe(`'${start}HYPERLINK("x")`);
    expect(neutralise('Caffè')).toBe('Caffè');
  });
  it('writes BOM, `;`, decimal comma, quotes where needed; negative numbers stay numbers', () => {
    expect(toCsv(['Nome', 'Budget'], [['=HYPERLINK("x")', 1234.5], ['A;B', -3]])).toBe(
      '\uFEFFNome;Budget\r\n"\'=HYPERLINK(""x"")";1234,5\r\n"A;B";-3\r\n',
    );
  });
});

describe('the exporter', () => {
  it('pages through the data provider for every row of the filter and sort, reporting progress', async () => {
    const all = Array.from({ length: EXPORT_PAGE_SIZE + 7 }, (_, i) => ({ id: i + 1 }));
    const getList = vi.fn(async (_r: string, p: { pagination: { page: number; perPage: number } }) => {
      const from = (p.pagination.page - 1) * p.pagination.perPage;
      return { data: all.slice(from, from + p.pagination.perPage), total: all.length };
    });
    const progress: number[] = [];
    const rows = await fetchAllRows({ getList } as unknown as DataProvider, 'campaigns', { filter: { q: 'x' }, sort: { field: 'name', order: 'DESC' } }, (d) => progress.push(d));
    expect(rows).toHaveLength(all.length);
    expect(getList).toHaveBeenCalledTimes(2);
    expect(getList.mock.calls[1][1]).toMatchObject({ filter: { q: 'x' }, sort: { field: 'name', order: 'DESC' }, pagination: { page: 2 } });
    expect(progress).toEqual([EXPORT_PAGE_SIZE, all.length]);
  });
});

describe('form validation from the generated schema', () => {
  const schema = withRules(createCampaignBody, endNotBeforeStart('periodStart', 'periodEnd'));
  const valid = { name: 'Estate', advertiserId: 1, periodStart: '2026-06-01', periodEnd: '2026-06-30', budget: 10 };

  function CampaignForm({ onSubmit }: { onSubmit: (v: unknown) => unknown }) {
    return (
      <AdminContext i18nProvider={i18nProvider}>
        <Form record={valid} resolver={schemaResolver(schema)} onSubmit={onSubmit as never}>
          <TextInput source="name" />
          <NumberInput source="budget" />
          <TextInput source="periodStart" />
          <TextInput source="periodEnd" />
          <SaveButton alwaysEnable />
        </Form>
      </AdminContext>
    );
  }

  it('refuses a negative budget, a too-long name and an end before the start in Italian, under the field, before sending', async () => {
    const onSubmit = vi.fn();
    render(<CampaignForm onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText(/budget/i), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText(/name/i), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(screen.getByLabelText(/period end/i), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Deve essere almeno 0')).toBeInTheDocument();
    expect(screen.getByText('Deve contenere al massimo 200 caratteri')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/budget/i), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/name/i), { target: { value: 'Estate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('La data di fine non può precedere quella di inizio')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reads a cleared optional field as absent and a cleared required one as missing', async () => {
    const resolve = schemaResolver(z.object({ name: z.string().min(1), notes: z.string().max(10).optional() }));
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    expect(await resolve({ name: 'Estate', notes: null }, undefined, options)).toEqual({ values: { name: 'Estate' }, errors: {} });
    expect(await resolve({ name: 'Estate', notes: '' }, undefined, options)).toEqual({ values: { name: 'Estate' }, errors: {} });
    const nested = schemaResolver(z.object({ name: z.string(), items: z.object({ format: z.object({ id: z.number() }).optional() }).optional() }));
    expect(await nested({ name: 'a', items: { format: { id: null } } }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect(await nested({ name: 'a', items: { format: { id: undefined } } }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect((await nested({ name: 'a', items: { format: { id: 3 } } }, undefined, options)).values).toEqual({ name: 'a', items: { format: { id: 3 } } });
    const missing = await resolve({ name: null, notes: 'x' }, undefined, options);
    expect(missing.errors.name?.message).toBe('Campo obbligatorio');
  });

  it('puts a server violation under its field and saves once the field is corrected', async () => {
    const onSubmit = vi.fn().mockResolvedValueOnce({ name: 'Nome già usato' }).mockResolvedValueOnce(undefined);
    render(<CampaignForm onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Nome già usato')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/name/i), { target: { value: 'Estate 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({ name: 'Estate 2', budget: 10 });
    expect(screen.queryByText('Nome già usato')).not.toBeInTheDocument();
  });
});

describe('useFailure', () => {
  function Failing({ error }: { error: unknown }) {
    const failure = useFailure();
    return <button onClick={() => failure(error)}>prova</button>;
  }
  it('shows a 5xx as the clear Italian message and a 4xx with the service message', async () => {
    const { unmount } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <Failing error={new ApiError(503, 'upstream exploded')} />
        <Notification />
      </AdminContext>,
    );
    fireEvent.click(screen.getByText('prova'));
    expect(await screen.findByText(/errore 503/)).toBeInTheDocument();
    expect(screen.queryByText('upstream exploded')).not.toBeInTheDocument();
    unmount();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Failing error={new ApiError(403, 'Ruolo non ammesso')} />
        <Notification />
      </AdminContext>,
    );
    fireEvent.click(screen.getByText('prova'));
    expect(await screen.findByText('Ruolo non ammesso')).toBeInTheDocument();
  });
});

describe('FileTable', () => {
  const rows = [{ id: 7, fileName: 'contratto.pdf', size: 2048, uploadedAt: '2026-03-01', uploadedBy: 'sales' }];

  it('deletes a file only once the dialog naming it is confirmed; cancelling keeps it', async () => {
    const onDelete = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <FileTable label="Documenti" rows={rows} onDownload={() => Promise.resolve()} onDelete={onDelete} />
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Elimina contratto.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Il file contratto.pdf verrà eliminato definitivamente.');
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /annulla/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Elimina contratto.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: /conferma/i }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 7, fileName: 'contratto.pdf' }));
  });

  it('offers no delete without onDelete (a read-only table)', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <FileTable label="Documenti" rows={rows} onDownload={() => Promise.resolve()} />
      </AdminContext>,
    );
    expect(screen.getByRole('button', { name: 'Scarica contratto.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elimina contratto.pdf' })).toBeNull();
  });
});

describe('exportCells', () => {
  it('writes a reference by name, reading each referenced record once per column, empty when there is none', async () => {
    const getMany = vi.fn(async (_resource: string, { ids }: { ids: unknown[] }) => ({
      data: ids.filter((id) => id !== 99).map((id) => ({ id, name: `Inserzionista ${String(id)}` })),
    }));
    const dataProvider = { getMany } as unknown as DataProvider;
    const rows = [
      { id: 1, name: 'A', advertiserId: 7 },
      { id: 2, name: 'B', advertiserId: 7 },
      { id: 3, name: 'C', advertiserId: 8 },
      { id: 4, name: 'D', advertiserId: null },
      { id: 5, name: 'E', advertiserId: 99 },
    ];
    const cells = await exportCells(dataProvider, [
      { label: 'Nome', value: (r) => r.name },
      { label: 'Inserzionista', reference: { resource: 'advertisers', source: (r) => r.advertiserId, text: (a) => String(a.name) } },
    ], rows);
    expect(cells).toEqual([
      ['A', 'Inserzionista 7'],
      ['B', 'Inserzionista 7'],
      ['C', 'Inserzionista 8'],
      ['D', ''],
      ['E', ''],
    ]);
    expect(getMany).toHaveBeenCalledOnce();
    expect(getMany).toHaveBeenCalledWith('advertisers', { ids: [7, 8, 99] });
  });
});
