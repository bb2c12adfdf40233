// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { rng } from '../../sandbox/seed/random';
import { SERVICE_MODULES } from '../../sandbox/services';
import { addView, MAX_VIEWS_PER_LIST, type SavedView } from '../../sandbox/services/user/views';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openMigrated } from './support/smallSeed';

/* The saved list views of the user service: kept in the signed-in user's preferences, each user's own. */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
let served: ServedSandbox;
let base: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    for (const name of ['user', 'companies'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  served = await serveSandbox(db);
  base = served.base;
  for (const username of ['assetmanager', 'sales']) tokens[username] = await served.signIn(username);
});

afterAll(async () => {
  await served?.close();
  await db.close();
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const VIEW = {
  list: 'systems',
  name: 'Impianti attivi a Milano',
  filter: { status: 'active', city: 'Milano', ids: [1, 2] },
  sort: { field: 'name', order: 'DESC' },
  hiddenColumns: ['systemType', 'municipality'],
};

describe('saved list views', () => {
  it('saves a view in the preferences, lists it, and leaves the theme as it was', async () => {
    const token = tokens.assetmanager;
    await call('PUT', '/user/user/preference', token, { theme: 'dark' });
    const created = await call('POST', '/user/user/preference/views', token, VIEW);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...VIEW, id: expect.any(Number), createdAt: expect.any(String) });

    const listed = await call('GET', '/user/user/preference/views', token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
    const profile = await call('GET', '/user/user/profile', token);
    expect(profile.body.principal.preference.theme).toBe('dark');

    // Saving the theme again keeps the views.
    await call('PUT', '/user/user/preference', token, { theme: 'classic' });
    expect((await call('GET', '/user/user/preference/views', token)).body).toHaveLength(1);
  });

  it('filters by list, and shows each user only their own views', async () => {
    const other = await call('POST', '/user/user/preference/views', tokens.assetmanager, { list: 'circuits', name: 'Circuiti DOOH', filter: { type: 'DOOH' } });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ hiddenColumns: [], filter: { type: 'DOOH' } });
    const systems = await call('GET', '/user/user/preference/views?list=systems', tokens.assetmanager);
    expect(systems.body.map((v: SavedView) => v.list)).toEqual(['systems']);
    const circuits = await call('GET', '/user/user/preference/views?list=circuits', tokens.assetmanager);
    expect(circuits.body.map((v: SavedView) => v.name)).toEqual(['Circuiti DOOH']);

    expect((await call('GET', '/user/user/preference/views', tokens.sales)).body).toEqual([]);
    // Another user's view is not theirs to delete: 404, and it stays.
    expect((await call('DELETE', `/user/user/preference/views/${other.body.id}`, tokens.sales)).status).toBe(404);
    expect((await call('GET', '/user/user/preference/views?list=circuits', tokens.assetmanager)).body).toHaveLength(1);
  });

  it('refuses a name already used in the same list (ignoring case and spaces) with 409, but takes it in another list', async () => {
    const again = await call('POST', '/user/user/preference/views', tokens.assetmanager, { ...VIEW, name: '  impianti ATTIVI a milano ' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esiste già una vista «impianti ATTIVI a milano» per questo elenco');
    const elsewhere = await call('POST', '/user/user/preference/views', tokens.assetmanager, { ...VIEW, list: 'teams' });
    expect(elsewhere.status).toBe(201);
  });

  it('deletes a view (answering it), then 404; a new view never takes a deleted id', async () => {
    const token = tokens.sales;
    const first = await call('POST', '/user/user/preference/views', token, { list: 'orders', name: 'Da fare' });
    const second = await call('POST', '/user/user/preference/views', token, { list: 'orders', name: 'Chiusi' });
    const deleted = await call('DELETE', `/user/user/preference/views/${second.body.id}`, token);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(second.body);
    expect((await call('DELETE', `/user/user/preference/views/${second.body.id}`, token)).status).toBe(404);
    const third = await call('POST', '/user/user/preference/views', token, { list: 'orders', name: 'Chiusi' });
    expect(third.status).toBe(201);
    expect(third.body.id).toBeGreaterThan(second.body.id);
    expect((await call('GET', '/user/user/preference/views', token)).body.map((v: SavedView) => v.id)).toEqual([first.body.id, third.body.id]);
  });

  it('refuses what breaks the document: an unknown field, a blank name, a bad list key, no credentials', async () => {
    const token = tokens.sales;
    expect((await call('POST', '/user/user/preference/views', token, { ...VIEW, name: 'X', extra: 1 })).status).toBe(400);
    expect((await call('POST', '/user/user/preference/views', token, { ...VIEW, name: '   ' })).status).toBe(400);
    expect((await call('POST', '/user/user/preference/views', token, { ...VIEW, name: 'Y', list: '../systems' })).status).toBe(400);
    expect((await call('POST', '/user/user/preference/views', token, { ...VIEW, name: 'Z', sort: { field: 'name', order: 'UP' } })).status).toBe(400);
    expect((await call('GET', '/user/user/preference/views')).status).toBe(401);
  });
});

describe('addView', () => {
  const now = new Date('2026-03-02T09:15:00Z');
  const view = (id: number, name: string, list = 'systems'): SavedView => ({ id, list, name, filter: {}, hiddenColumns: [], createdAt: now.toISOString() });

  it('trims the name, fills the defaults and takes the next id after the last one used', () => {
    expect(addView([view(3, 'A')], { list: 'systems', name: '  B  ' }, now, 7)).toEqual({
      id: 8,
      list: 'systems',
      name: 'B',
      filter: {},
      hiddenColumns: [],
      createdAt: '2026-03-02T09:15:00.000Z',
    });
  });

  it(`refuses a list's view number ${MAX_VIEWS_PER_LIST + 1}, not another list's first`, () => {
    const full = Array.from({ length: MAX_VIEWS_PER_LIST }, (_, i) => view(i + 1, `Vista ${i + 1}`));
    expect(() => addView(full, { list: 'systems', name: 'Una di troppo' }, now)).toThrow(/al massimo 50 viste/);
    expect(addView(full, { list: 'teams', name: 'Una di troppo' }, now).id).toBe(MAX_VIEWS_PER_LIST + 1);
  });
});
