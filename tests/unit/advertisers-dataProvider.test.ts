import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGO_MESSAGES } from '@/api/advertiser';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { advertiserInputOf, advertisersDataProvider, listAdvertisersRequest } from '@/dataProviders/advertisers';
import { uniqueValidator } from '@/resources/advertisers/uniqueness';
import { documentHandlers, type Seen } from './support/documentMock';

const ORIGIN = 'http://svc.test';
const seen: Seen[] = [];
const server = setupServer();

beforeAll(async () => {
  server.use(...(await documentHandlers(ORIGIN, ['advertiser', 'history'], seen)));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'sales' }, type: 'ROLE_SALES', group: 'administrators' });
});
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('advertisers', () => {
  it('lists through allPaginated with page 0 and 10 per page by default, and the filters', () => {
    expect(listAdvertisersRequest({})).toEqual({ path: { p: 0, n: 10 }, query: {} });
    expect(listAdvertisersRequest({ pagination: { page: 3, perPage: 25 }, filter: { q: ' caffè ', businessArea: 'Alimentare' } })).toEqual({
      path: { p: 2, n: 25 },
      query: { name: 'caffè', businessArea: 'Alimentare' },
    });
  });
  it('sends the sort of a column the service sorts, and leaves out one it does not', () => {
    expect(listAdvertisersRequest({ sort: { field: 'city', order: 'DESC' } }).query).toEqual({ sort: 'city', sortDir: 'DESC' });
    expect(listAdvertisersRequest({ sort: { field: 'vatNumber', order: 'ASC' } }).query).toEqual({ sort: 'vatNumber', sortDir: 'ASC' });
    expect(listAdvertisersRequest({ sort: { field: 'logoId', order: 'ASC' } }).query).toEqual({});
  });
  it('getList calls allPaginated/page/{p}/perPage/{n}', async () => {
    await advertisersDataProvider.getList('advertisers', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'torre' } });
    expect(seen[0].operationId).toBe('listAdvertisersPaginated');
    expect(new URL(seen[0].url).searchParams.get('name')).toBe('torre');
    expect(new URL(seen[0].url).searchParams.get('sort')).toBe('name');
    expect(seen[0].violations).toEqual([]);
  });
  it('create sends only the input fields (no logo, no id)', () => {
    expect(advertiserInputOf({ id: 4, logoId: 3, name: ' Acme ', vatNumber: '01234567890', email: 'a@b.it', businessArea: 'Sport', phone: '', roles: [{ name: 'Anna', role: 'Brand manager', email: '' }] })).toEqual({
      name: 'Acme',
      vatNumber: '01234567890',
      email: 'a@b.it',
      businessArea: 'Sport',
      roles: [{ name: 'Anna', role: 'Brand manager' }],
    });
  });
  it('reads, creates, updates and deletes through getById, create, update and delete?id, within the document', async () => {
    await advertisersDataProvider.getOne('advertisers', { id: 12 });
    await advertisersDataProvider.create('advertisers', { data: { name: 'Nuovo', vatNumber: '01234567890', email: 'info@nuovo.it', businessArea: 'Alimentare' } });
    await advertisersDataProvider.update('advertisers', { id: 12, data: { name: 'Nuovo', vatNumber: '01234567890', email: 'info@nuovo.it', businessArea: 'Alimentare' }, previousData: { id: 12 } });
    await advertisersDataProvider.delete('advertisers', { id: 12, previousData: { id: 12 } });
    expect(seen.map((s) => s.operationId)).toEqual(['getAdvertiserById', 'createAdvertiser', 'updateAdvertiser', 'deleteAdvertiser']);
    expect(new URL(seen[3].url).search).toBe('?id=12');
    expect(seen.flatMap((s) => s.violations)).toEqual([]);
  });
  it('checks uniqueness through checkUnicity/{field}?value', async () => {
    await advertisersDataProvider.checkAdvertiserUnicity('advertisers', { field: 'vatNumber', value: '01234567890' });
    expect(seen[0].operationId).toBe('checkAdvertiserUnicity');
    expect(new URL(seen[0].url).pathname).toBe('/advertiser/v1/checkUnicity/vatNumber');
  });
  it('reads the history of the advertiser and of its users', async () => {
    await advertisersDataProvider.advertiserHistory('advertisers', { id: 12 });
    expect(seen.map((s) => new URL(s.url).pathname).sort()).toEqual(['/history/v1/history/idAdvertiser/12', '/history/v1/history/users/idAdvertiser/12']);
  });
  it('uploads the logo as multipart to image/upload', async () => {
    const progress: number[] = [];
    await advertisersDataProvider.saveAdvertiserLogo('advertisers', {
      id: 12,
      file: new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
      replace: false,
      onProgress: (f) => progress.push(f),
    });
    expect(progress.at(-1)).toBe(1);
    expect(seen[0].operationId).toBe('uploadAdvertiserImage');
    expect(seen[0].violations).toEqual([]);
  });
  it('spells the logo messages exactly', () => {
    expect(LOGO_MESSAGES.load).toBe("Errore nel caricamento dell'immagine");
    expect(LOGO_MESSAGES.upload(415, 'Tipo non ammesso')).toBe("Errore nell'upload del logo: 415 - Tipo non ammesso");
    expect(LOGO_MESSAGES.remove(404, 'x')).toBe("Errore nell'eliminazione del logo: 404 - x");
    expect(LOGO_MESSAGES.update(413, 'y')).toBe("Errore nell'aggiornamento del logo: 413 - y");
  });
});

describe('the uniqueness check as the user types', () => {
  it('checks only the last value typed, answers the Italian message key when taken, skips the own value', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async (_f: string, v: string) => v !== 'Preso');
    const validate = uniqueValidator('name', 'Mio', check, 300);
    const first = validate('Pre');
    const second = validate('Preso');
    await vi.advanceTimersByTimeAsync(300);
    expect(await first).toBeUndefined();
    expect(await second).toBe('resources.advertisers.errors.unique_name');
    expect(check).toHaveBeenCalledTimes(1);
    expect(await validate('mio')).toBeUndefined();
    expect(check).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
