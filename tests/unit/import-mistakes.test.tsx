import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { ApiError } from '@/api/errors';
import { dataProvider } from '@/dataProviders';
import { i18nProvider } from '@/i18n';
import { ImportPage } from '@/resources/detections/ImportPage';
import SystemsImport from '@/resources/systems/SystemsImport';
import { classicTheme } from '@/theme';

/* The import screens list every mistake of every refused row, not one message. */

afterEach(() => cleanup());

const MISTAKES = [
  {
    row: 2,
    reason: 'Data «31/02/2026»: non è una data (GG/MM/AAAA); Agente «Nessuno Mai»: non è tra gli agenti',
    mistakes: [
      { column: 'Data', value: '31/02/2026', reason: 'non è una data (GG/MM/AAAA)' },
      { column: 'Agente', value: 'Nessuno Mai', reason: 'non è tra gli agenti' },
    ],
  },
  { row: 3, reason: 'Stato lead «Forse»: non è uno stato del lead', mistakes: [{ column: 'Stato lead', value: 'Forse', reason: 'non è uno stato del lead' }] },
];

function renderWith(provider: Partial<DataProvider>, page: React.ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={{ ...dataProvider, ...provider } as DataProvider} i18nProvider={i18nProvider} store={memoryStore()} lightTheme={classicTheme}>
        {page}
      </AdminContext>
    </MemoryRouter>,
  );
}

async function expectEveryMistake() {
  const list = screen.getByTestId('import-mistakes');
  expect(within(list).getByRole('heading').textContent).toBe('Errori da correggere: 2 righe');
  const lines = list.querySelectorAll('[data-rejected-row]');
  expect([...lines].map((l) => [l.getAttribute('data-rejected-row'), l.getAttribute('data-column')])).toEqual([
    ['2', 'Data'],
    ['2', 'Agente'],
    ['3', 'Stato lead'],
  ]);
  expect(lines[1].textContent).toBe('AgenteNessuno Mainon è tra gli agenti');
  // The list is in the tab order and takes the focus when it appears (an effect, after the render
  // that shows it).
  const region = within(list).getByRole('region');
  expect(region.tabIndex).toBe(0);
  await waitFor(() => expect(document.activeElement).toBe(region));
}

describe('import screens: every mistake listed', () => {
  it('detections: a CSV is taken, and a refused file lists each mistake with its row, column and value', async () => {
    const importDetections = vi.fn().mockResolvedValue({ ok: false, rejected: { message: 'Importazione annullata', status: 422, imported: 0, rejected: MISTAKES, rejectedCount: 2 } });
    renderWith({ importDetections } as Partial<DataProvider>, <ImportPage />);
    const input = await screen.findByLabelText('Scegli il file da importare');
    fireEvent.change(input, { target: { files: [new File(['x'], 'rilevazioni_2026-11-27.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Importa' }));
    await waitFor(() => expect(screen.getByTestId('import-mistakes')).toBeTruthy());
    expect(importDetections).toHaveBeenCalledOnce();
    await expectEveryMistake();
  });

  it('systems: the 422 body\'s rows and mistakes are all listed', async () => {
    const importSystems = vi.fn().mockRejectedValue(new ApiError(422, 'Importazione annullata', { message: 'Importazione annullata', rejected: MISTAKES, rejectedCount: 2 }));
    renderWith({ importSystems } as Partial<DataProvider>, <SystemsImport />);
    const input = await screen.findByTestId('import-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'impianti.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(screen.getByTestId('import-mistakes')).toBeTruthy());
    await expectEveryMistake();
  });
});
