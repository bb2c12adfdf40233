import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { i18nProvider } from '@/i18n';
import { NOTE_CHOICE_ID, onDemandChoices, OnDemandSelectInput } from '@/ui/OnDemandSelectInput';

/*
 * A filter's select whose values are read only when someone may pick one (the advertisers' business
 * area, the detections' media owner and brand): the value it holds shows before any read, the read
 * is asked for on focus or opening, and the open menu says the values are loading.
 */

afterEach(() => cleanup());
vi.setConfig({ testTimeout: 30_000 });

describe('onDemandChoices', () => {
  it('before the read: only the value held, else nothing', () => {
    expect(onDemandChoices(undefined, 'Bevande')).toEqual([{ id: 'Bevande', name: 'Bevande' }]);
    expect(onDemandChoices(undefined, undefined)).toEqual([]);
    expect(onDemandChoices(undefined, '')).toEqual([]);
  });
  it('after the read: the values, the value held first when it is not among them, never twice', () => {
    expect(onDemandChoices(['Bevande', 'Sport'], 'Sport').map((c) => c.id)).toEqual(['Bevande', 'Sport']);
    expect(onDemandChoices(['Bevande', 'Sport'], 'Moda').map((c) => c.id)).toEqual([
      'Moda',
      'Bevande',
      'Sport',
    ]);
  });
  it('a note (loading, failed) is a last, disabled line', () => {
    expect(onDemandChoices(undefined, 'Bevande', 'Caricamento delle voci…')).toEqual([
      { id: 'Bevande', name: 'Bevande' },
      { id: NOTE_CHOICE_ID, name: 'Caricamento delle voci…', disabled: true },
    ]);
  });
});

function renderSelect(
  props: { values?: string[]; loading?: boolean; failed?: boolean; onWanted: () => void },
  held?: string,
) {
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Form defaultValues={held ? { businessArea: held } : {}}>
        <OnDemandSelectInput
          source="businessArea"
          label="Settore"
          values={props.values}
          loading={props.loading ?? false}
          failed={props.failed}
          onWanted={props.onWanted}
        />
      </Form>
    </AdminContext>,
  );
}

describe('OnDemandSelectInput', () => {
  it('shows the value it holds with no read, and asks for the values when it takes the focus', async () => {
    const onWanted = vi.fn();
    renderSelect({ onWanted }, 'Bevande');
    const select = await screen.findByRole('combobox', { name: 'Settore' });
    expect(select).toHaveTextContent('Bevande');
    expect(onWanted).not.toHaveBeenCalled();
    fireEvent.focus(select);
    expect(onWanted).toHaveBeenCalled();
  });

  it('asks for the values when it opens, and says in the open menu that they are loading', async () => {
    const onWanted = vi.fn();
    renderSelect({ onWanted, loading: true });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Settore' }));
    expect(onWanted).toHaveBeenCalled();
    const loading = within(await screen.findByRole('listbox')).getByRole('option', {
      name: 'Caricamento delle voci…',
    });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
  });

  it('lists the values read, each its own label', async () => {
    renderSelect({ onWanted: () => {}, values: ['Bevande', 'Sport'] });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Settore' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent?.trim())).toEqual(['', 'Bevande', 'Sport']);
  });

  it('says so when the values could not be read', async () => {
    renderSelect({ onWanted: () => {}, failed: true });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Settore' }));
    expect(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'Non è stato possibile leggere le voci',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
  });
});
