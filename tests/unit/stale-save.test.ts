import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { ApiError } from '@/api/errors';
import { acceptLockVersion, onSaved, onStaleRefusal, staleRefusalOf, withLockVersions, type StaleRefusal } from '@/dataProviders/lockVersions';
import { differences, shownValue } from '@/ui/StaleSave';

/*
 * The app's side of "no silent overwrites": every update sends the version it read; a stale
 * refusal reaches the edit form that made it; after reload-and-compare the next save sends the
 * version seen; the comparison lists only the fields someone changed.
 */

function fakeProvider(answer: (data: Record<string, unknown>) => unknown) {
  const sent: Record<string, unknown>[] = [];
  const provider = {
    update: vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => {
      sent.push(params.data);
      const out = answer(params.data);
      if (out instanceof Error) throw out;
      return { data: out };
    }),
    getOne: vi.fn(),
  } as unknown as DataProvider;
  return { provider: withLockVersions(provider), sent };
}

const refusal = () =>
  new ApiError(409, 'Questo impianto è stato modificato da Giulia Romano il 27/11/2026 alle 14:02 dopo che l\'hai aperto', {
    message: 'Questo impianto è stato modificato da Giulia Romano il 27/11/2026 alle 14:02 dopo che l\'hai aperto',
    status: 409,
    modifiedBy: 'Giulia Romano',
    modifiedAt: '2026-11-27T13:02:00.000Z',
    lockVersion: 8,
  });

describe('withLockVersions', () => {
  it('sends the version the form read, unless the data carries its own', async () => {
    const { provider, sent } = fakeProvider((d) => ({ id: 1, ...d }));
    await provider.update('systems', { id: 1, data: { name: 'A' }, previousData: { id: 1, lockVersion: 5 } });
    await provider.update('systems', { id: 1, data: { name: 'B', lockVersion: 6 }, previousData: { id: 1, lockVersion: 5 } });
    await provider.update('systems', { id: 1, data: { name: 'C' }, previousData: { id: 1 } });
    expect(sent).toEqual([{ name: 'A', lockVersion: 5 }, { name: 'B', lockVersion: 6 }, { name: 'C' }]);
  });

  it('tells a stale refusal to the forms, then sends the version the user has seen', async () => {
    let stale = true;
    const { provider, sent } = fakeProvider((d) => (stale ? refusal() : { id: 2, ...d }));
    const heard: StaleRefusal[] = [];
    const stop = onStaleRefusal((r) => heard.push(r));
    const error = await provider.update('systems', { id: 2, data: { name: 'Mine' }, previousData: { id: 2, lockVersion: 5 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(heard).toEqual([
      expect.objectContaining({ resource: 'systems', id: 2, modifiedBy: 'Giulia Romano', modifiedAt: '2026-11-27T13:02:00.000Z', lockVersion: 8 }),
    ]);
    acceptLockVersion('systems', 2, 8);
    stale = false;
    const saved: unknown[] = [];
    const stopSaved = onSaved((s) => saved.push(s));
    await provider.update('systems', { id: 2, data: { name: 'Mine' }, previousData: { id: 2, lockVersion: 5 } });
    expect(sent.at(-1)).toEqual({ name: 'Mine', lockVersion: 8 });
    expect(saved).toEqual([{ resource: 'systems', id: 2 }]);
    stopSaved();
    // Once saved, the record's own version counts again.
    await provider.update('systems', { id: 2, data: { name: 'Again' }, previousData: { id: 2, lockVersion: 9 } });
    expect(sent.at(-1)).toEqual({ name: 'Again', lockVersion: 9 });
    stop();
  });

  it('a 409 of another rule is no stale refusal', () => {
    expect(staleRefusalOf(new ApiError(409, 'Il codice MI-0001 è già in uso', { message: 'Il codice MI-0001 è già in uso', status: 409 }))).toBeUndefined();
    expect(staleRefusalOf(refusal())).toMatchObject({ modifiedBy: 'Giulia Romano', lockVersion: 8 });
  });
});

describe('the comparison', () => {
  const read = { id: 1, lockVersion: 5, name: 'Poster', address: 'Via Roma 1', sizes: [{ sizeId: 1, width: 6 }], notes: '', updatedAt: 'x' };
  it('lists the fields either person changed where the saved value and the typed one differ', () => {
    const saved = { ...read, lockVersion: 8, name: 'Poster Giulia', notes: null, updatedAt: 'y', sizes: [{ width: 6, sizeId: 1 }] };
    const values = { ...read, name: 'Poster Alessandra', address: 'Via Roma 2', municipalityId: '015146' };
    expect(differences(read, saved, values)).toEqual([
      { field: 'name', theirs: 'Poster Giulia', yours: 'Poster Alessandra' },
      { field: 'address', theirs: 'Via Roma 1', yours: 'Via Roma 2' },
    ]);
  });
  it('reads values as a person does', () => {
    expect(shownValue(null, '(vuoto)')).toBe('(vuoto)');
    expect(shownValue(true, '(vuoto)')).toBe('Sì');
    expect(shownValue([{ name: 'A' }, { name: 'B' }], '(vuoto)')).toBe('A, B');
    expect(shownValue({ istatCode: '015146', name: 'Milano' }, '(vuoto)')).toBe('Milano');
  });
});
