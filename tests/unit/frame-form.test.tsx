import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { ApiError } from '@/api/errors';
import { i18nProvider } from '@/i18n';
import { SystemFrames } from '@/resources/systems/SystemFrames';

/* The frame dialog validates with the document's FrameInput, exclusiveMinimum included. */

afterEach(() => cleanup());

function framesProvider(create: DataProvider['create']): DataProvider {
  const none = () => Promise.reject(new Error('not expected'));
  return {
    advertiserBusinessAreas: () => Promise.resolve([{ name: 'Alimentare' }, { name: 'Giochi e scommesse' }]),
    getList: () => Promise.resolve({ data: [], total: 0 }),
    getOne: none,
    getMany: () => Promise.resolve({ data: [] }),
    getManyReference: none,
    create,
    update: none,
    updateMany: none,
    delete: none,
    deleteMany: none,
  };
}

vi.setConfig({ testTimeout: 30_000 });

describe('the frame dialog', () => {
  it('shows "Deve essere maggiore di 0" under a width of 0 and sends nothing', async () => {
    const create = vi.fn(() => Promise.resolve({ data: { id: 1 } })) as unknown as DataProvider['create'];
    render(
      <AdminContext dataProvider={framesProvider(create)} i18nProvider={i18nProvider} store={memoryStore()}>
        <SystemFrames systemId={7} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi un frame' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: 'Faccia A' } });
    fireEvent.change(within(dialog).getByLabelText(/Larghezza/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Deve essere maggiore di 0')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);

  it('puts a refusal of the service under its field and stays open', async () => {
    const create = vi.fn(() =>
      Promise.reject(new ApiError(409, 'Posizione già occupata', { errors: { position: 'Posizione già occupata da «Faccia B»' } })),
    ) as unknown as DataProvider['create'];
    render(
      <AdminContext dataProvider={framesProvider(create)} i18nProvider={i18nProvider} store={memoryStore()}>
        <SystemFrames systemId={7} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi un frame' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: 'Faccia A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Posizione già occupata da «Faccia B»')).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);

  it('a screen takes its loop and slot lengths, a face the business areas it excludes', async () => {
    const create = vi.fn((_resource: string, params: { data: Record<string, unknown> }) => Promise.resolve({ data: { id: 1, ...params.data } })) as unknown as DataProvider['create'];
    render(
      <AdminContext dataProvider={framesProvider(create)} i18nProvider={i18nProvider} store={memoryStore()}>
        <SystemFrames systemId={7} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi un frame' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: 'Schermo' } });
    expect(within(dialog).queryByLabelText(/Durata del loop/)).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Tipo'));
    fireEvent.change(await within(dialog).findByLabelText(/Durata del loop/), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByLabelText(/Durata di uno slot/), { target: { value: '10' } });
    const areas = within(dialog).getByLabelText('Settori esclusi');
    fireEvent.mouseDown(areas);
    fireEvent.click(await screen.findByRole('option', { name: 'Giochi e scommesse' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(vi.mocked(create).mock.calls[0][1].data).toMatchObject({ name: 'Schermo', digital: true, loopSeconds: 60, slotSeconds: 10, excludedBusinessAreas: ['Giochi e scommesse'], systemId: 7 });
  }, 30_000);

  const openNew = async () => {
    const create = vi.fn(() => Promise.resolve({ data: { id: 1 } })) as unknown as DataProvider['create'];
    render(
      <AdminContext dataProvider={framesProvider(create)} i18nProvider={i18nProvider} store={memoryStore()}>
        <SystemFrames systemId={7} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi un frame' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: 'Faccia A' } });
    return { create, dialog };
  };

  it('says the net surface left empty is width × height, and refuses 0 under the field', async () => {
    const { create, dialog } = await openNew();
    // The default 600 × 300 cm face: 18 m² when the surface is left empty.
    expect(within(dialog).getByText('Per il canone unico. Vuota: larghezza × altezza (18 m²)')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Superficie netta/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Deve essere maggiore di 0')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the net surface and lit', async () => {
    const { create, dialog } = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/Superficie netta/), { target: { value: '17.5' } });
    fireEvent.click(within(dialog).getByLabelText('Luminosa'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(vi.mocked(create).mock.calls[0][1].data).toMatchObject({ netSurface: 17.5, lit: true });
  });
});
