import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { circuitsDataProvider } from '@/dataProviders/circuits';
import { systemsDataProvider as dp, withChange } from '@/dataProviders/systems';
import { i18nProvider } from '@/i18n';
import { setTranslator, translateItalian } from '@/i18n/lookup';
import type { System } from '@/api/systems';
import { documentHandlers, type Seen } from './support/documentMock';

/* The bulk work of the systems list: one field of many systems, many systems into a circuit. */

const ORIGIN = 'http://svc.test';
const SYSTEMS = `${ORIGIN}/systems/v1`;
const seen: Seen[] = [];
const server = setupServer();
let documentMock: Awaited<ReturnType<typeof documentHandlers>> = [];

beforeAll(async () => {
  // As the back office does: the data provider's messages through its i18nProvider (Italian).
  setTranslator((key, options) => i18nProvider.translate(key, options));
  documentMock = await documentHandlers(ORIGIN, ['systems', 'circuits'], seen);
  server.resetHandlers(...documentMock);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  setTranslator(translateItalian);
});
beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'asset.manager' }, type: 'ROLE_ASSETMANAGER', group: 'administrators' });
});
afterEach(() => {
  server.resetHandlers(...documentMock);
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

const system = (id: number, extra: Record<string, unknown> = {}): System =>
  ({
    id,
    code: `MI-000${id}`,
    name: `Poster ${id}`,
    type: 'OOH',
    systemType: 'poster',
    status: 'active',
    sizes: [{ sizeId: 3, width: 600, height: 300 }],
    address: `Via Torino ${id}`,
    region: 'Lombardia',
    province: 'Milano',
    municipality: { istatCode: '015146', name: 'Milano' },
    zipCode: '20123',
    latitude: 45.46,
    longitude: 9.18,
    frames: [],
    images: [],
    domains: ['retail'],
    lease: { id: 1, name: 'Locazione' },
    authorizations: [{ id: 1, name: 'Aut' }],
    mediaOwners: [{ id: 2, name: 'MO' }],
    area: { id: 4, name: 'Centro' },
    illuminated: true,
    faces: 2,
    notes: 'Nota',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...extra,
  }) as unknown as System;

describe('withChange', () => {
  it('keeps every other field of the system and changes only the chosen one', () => {
    const s = system(1);
    const before = withChange(s, { field: 'status', value: 'active' });
    expect(withChange(s, { field: 'status', value: 'maintenance' })).toEqual({ ...before, status: 'maintenance' });
    expect(withChange(s, { field: 'areaId', value: 7 })).toEqual({ ...before, areaId: 7 });
    expect(withChange(s, { field: 'mediaOwnerIds', value: [5, 6, 5] })).toEqual({ ...before, mediaOwnerIds: [5, 6] });
    const { leaseId: _lease, ...withoutLease } = before;
    expect(withChange(s, { field: 'leaseId', value: null })).toEqual(withoutLease);
    expect(before).toMatchObject({ code: 'MI-0001', leaseId: 1, areaId: 4, authorizationIds: [1], mediaOwnerIds: [2], sizes: [{ sizeId: 3, width: 600, height: 300 }], domains: ['retail'], faces: 2, notes: 'Nota' });
  });
});

describe('bulkUpdateSystems', () => {
  it('writes each system back with only the chosen field changed, reports a refusal by code and reason and carries on', async () => {
    const rows = [system(1), system(2, { status: 'initialized' }), system(3, { area: undefined })];
    const written: { id: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      http.post(`${SYSTEMS}/system/getAllByIds`, () => HttpResponse.json(rows)),
      http.post(`${SYSTEMS}/system/update`, async ({ request }) => {
        const id = new URL(request.url).searchParams.get('id');
        const body = (await request.json()) as Record<string, unknown>;
        written.push({ id, body });
        if (id === '2')
          return HttpResponse.json({ status: 409, message: 'Impianto MI-0002 bloccato da una prenotazione' }, { status: 409 });
        return HttpResponse.json(rows.find((r) => String(r.id) === id));
      }),
    );
    const progress: number[] = [];
    const result = await dp.bulkUpdateSystems('systems', {
      ids: [1, 2, 3, 9],
      change: { field: 'status', value: 'maintenance' },
      onProgress: (done) => progress.push(done),
    });
    expect(result.changed.sort()).toEqual([1, 3]);
    expect(result.refused).toEqual([
      { id: 9, message: 'Impianto 9 non trovato' },
      { id: 2, code: 'MI-0002', message: 'Impianto MI-0002 bloccato da una prenotazione' },
    ]);
    expect(written.map((w) => w.id).sort()).toEqual(['1', '2', '3']);
    for (const w of written) {
      const row = rows.find((r) => String(r.id) === w.id)!;
      expect(w.body).toEqual({ ...withChange(row, { field: 'status', value: row.status }), status: 'maintenance' });
    }
    // The third system had no area: none is invented.
    expect(written.find((w) => w.id === '3')!.body.areaId).toBeUndefined();
    expect(progress.at(-1)).toBe(4);
  });

  it('a network failure on one system is a refusal with the Italian message, not a stop', async () => {
    server.use(
      http.post(`${SYSTEMS}/system/getAllByIds`, () => HttpResponse.json([system(1), system(2)])),
      http.post(`${SYSTEMS}/system/update`, ({ request }) =>
        new URL(request.url).searchParams.get('id') === '1' ? HttpResponse.error() : HttpResponse.json(system(2))),
    );
    const result = await dp.bulkUpdateSystems('systems', { ids: [1, 2], change: { field: 'areaId', value: 4 } });
    expect(result.changed).toEqual([2]);
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]).toMatchObject({ id: 1, code: 'MI-0001' });
    expect(result.refused[0].message).toMatch(/raggiungibile|rete|connessione/i);
  });
});

describe('addSystemsToCircuit', () => {
  const CIRCUITS = `${ORIGIN}/circuits/v1`;
  const circuit = (assets: number[]) => ({ id: 5, name: 'Centro', type: 'OOH', assets });

  it('adds every new member in one update and leaves out the ones already there', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${CIRCUITS}/circuit/id`, () => HttpResponse.json(circuit([1, 2]))),
      http.patch(`${CIRCUITS}/circuit/update`, async ({ request }) => {
        const body = (await request.json()) as { assets: number[] };
        bodies.push(body);
        return HttpResponse.json(circuit(body.assets));
      }),
    );
    const result = await circuitsDataProvider.addSystemsToCircuit('circuits', { id: 5, type: 'OOH', systemIds: [2, 3, 4] });
    expect(result).toEqual({ changed: [3, 4], refused: [], unchanged: [2] });
    expect(bodies).toEqual([{ assets: [1, 2, 3, 4] }]);
  });

  it('when the whole list is refused, adds one at a time: each refusal has its reason, the others stay', async () => {
    const bodies: number[][] = [];
    server.use(
      http.get(`${CIRCUITS}/circuit/id`, () => HttpResponse.json(circuit([1]))),
      http.patch(`${CIRCUITS}/circuit/update`, async ({ request }) => {
        const { assets } = (await request.json()) as { assets: number[] };
        bodies.push(assets);
        if (assets.includes(7))
          return HttpResponse.json({ status: 409, message: 'Gli impianti RM-0007 non sono di tipo OOH' }, { status: 409 });
        return HttpResponse.json(circuit(assets));
      }),
    );
    const result = await circuitsDataProvider.addSystemsToCircuit('circuits', { id: 5, type: 'OOH', systemIds: [6, 7, 8] });
    expect(result).toEqual({
      changed: [6, 8],
      refused: [{ id: 7, message: 'Gli impianti RM-0007 non sono di tipo OOH' }],
      unchanged: [],
    });
    expect(bodies).toEqual([[1, 6, 7, 8], [1, 6], [1, 6, 7], [1, 6, 8]]);
  });
});
