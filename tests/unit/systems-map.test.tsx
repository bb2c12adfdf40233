import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchemaSystemMarker as SystemMarker } from '@/api/generated/systems';
import { i18nProvider } from '@/i18n';
import { IN_VIEW_LIMIT, systemsInView } from '@/resources/systems/inView';
import { PLACE_ZOOM, PlaceSearch } from '@/ui/map/PlaceSearch';

/* /systems-manage/map: the list of the systems in view, and the municipality search that recentres the map. */

afterEach(() => cleanup());

const marker = (id: number, code: string, latitude: number, longitude: number): SystemMarker => ({
  id,
  code,
  name: `Impianto ${id}`,
  type: 'OOH',
  systemType: 'poster',
  status: 'active',
  address: 'Via Roma 1',
  municipality: 'Milano',
  latitude,
  longitude,
});
const milan = { south: 45.4, west: 9.1, north: 45.5, east: 9.3 };

describe('the systems in view', () => {
  it('lists only the markers inside the view, by code (numbers in order)', () => {
    const markers = [marker(1, 'MI-0010', 45.46, 9.19), marker(2, 'RM-0001', 41.9, 12.5), marker(3, 'MI-0002', 45.45, 9.2), marker(4, 'MI-0001', 45.5, 9.3)];
    const inView = systemsInView(markers, milan);
    expect(inView.rows.map((m) => m.code)).toEqual(['MI-0001', 'MI-0002', 'MI-0010']);
    expect(inView).toMatchObject({ total: 3, more: 0 });
  });

  it(`draws at most ${IN_VIEW_LIMIT} rows and counts the rest`, () => {
    const many = Array.from({ length: 5000 }, (_, i) => marker(i + 1, `MI-${String(i + 1).padStart(4, '0')}`, 45.45, 9.2));
    const inView = systemsInView(many, milan);
    expect(inView.rows).toHaveLength(IN_VIEW_LIMIT);
    expect(inView.rows[0].code).toBe('MI-0001');
    expect(inView).toMatchObject({ total: 5000, more: 5000 - IN_VIEW_LIMIT });
    expect(systemsInView(many, milan, 10).more).toBe(4990);
  });

  it('is empty when nothing stands in the view', () => {
    expect(systemsInView([marker(1, 'RM-0001', 41.9, 12.5)], milan)).toEqual({ rows: [], total: 0, more: 0 });
  });
});

function renderSearch(locate: (name: string) => Promise<{ latitude: number; longitude: number }[]>) {
  const onPlace = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
      <PlaceSearch options={[{ name: 'Milano' }, { name: 'Bra', detail: 'Cuneo' }, { name: 'Brescia' }]} locate={locate} onPlace={onPlace} />
    </AdminContext>,
  );
  return { onPlace, input: screen.getByRole('combobox', { name: 'Cerca un comune' }) };
}

describe('the municipality search', () => {
  it('suggests the municipalities as one types; Enter takes the first, the arrows another', async () => {
    const locate = vi.fn(async (name: string) => [name === 'Bra' ? { latitude: 44.7, longitude: 7.85 } : { latitude: 45.54, longitude: 10.21 }]);
    const { input, onPlace } = renderSearch(locate);
    fireEvent.change(input, { target: { value: 'br' } });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['BraCuneo', 'Brescia']);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith({ latitude: 44.7, longitude: 7.85 }, 'Bra'));

    fireEvent.change(input, { target: { value: 'br' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onPlace).toHaveBeenLastCalledWith({ latitude: 45.54, longitude: 10.21 }, 'Brescia'));
    expect(locate.mock.calls).toEqual([['Bra'], ['Brescia']]);
    expect(PLACE_ZOOM).toBeGreaterThanOrEqual(11);
  });

  it('looks up a name that is not among the suggestions when confirmed with Enter', async () => {
    const locate = vi.fn(async () => [{ latitude: 44.88, longitude: 7.33 }]);
    const { input, onPlace } = renderSearch(locate);
    fireEvent.change(input, { target: { value: 'Pinerolo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith({ latitude: 44.88, longitude: 7.33 }, 'Pinerolo'));
  });

  it('says in Italian when the municipality is not found, and when the lookup fails', async () => {
    const { input, onPlace } = renderSearch(async () => []);
    fireEvent.change(input, { target: { value: 'Atlantide' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Nessun comune trovato per «Atlantide»');
    expect(onPlace).not.toHaveBeenCalled();
    cleanup();

    const failing = renderSearch(async () => {
      throw new Error('Servizio geografico non raggiungibile');
    });
    fireEvent.change(failing.input, { target: { value: 'Milano' } });
    fireEvent.keyDown(failing.input, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Ricerca del comune non riuscita: /);
  });
});
