// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { rng } from '../../sandbox/seed/random';
import { SERVICE_MODULES } from '../../sandbox/services';
import { serveSandbox, type ServedSandbox } from './support/sandboxHttp';
import { openMigrated } from './support/smallSeed';

/* The systems service in-process: the filtered search read page by page, and a status change by filter. */

let db: Db;
let served: ServedSandbox;
let base = '';
const tokens: Record<string, string> = {};

const signIn = (username: string) => served.signIn(username);

const post = async <T>(path: string, body: unknown, user = 'assetmanager') => {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Authorization: `Bearer ${tokens[user]}`, 'Content-Type': 'application/json' },
  });
  return { status: r.status, body: (await r.json()) as T };
};
type Page = { content: { id: number; code: string; status: string; municipality: { name: string } }[]; totalElements: number };

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    for (const name of ['user', 'geo', 'systems', 'advertiser'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  served = await serveSandbox(db);
  base = served.base;
  for (const user of ['assetmanager', 'sales']) tokens[user] = await signIn(user);
}, 180_000);

afterAll(async () => {
  await served?.close();
  await db?.close();
});

describe('the filtered search, paged', { timeout: 60_000 }, () => {
  const filter = { statuses: ['active', 'maintenance'] };

  it('pages of 50 hold every matching system exactly once, and every page tells the whole count', async () => {
    const whole = await post<Page>('/systems/v1/system/search/params?page=0&size=9999&type=ALL', filter);
    const total = whole.body.totalElements;
    expect(total).toBeGreaterThan(100);
    const ids: number[] = [];
    for (let page = 0; page * 50 < total; page += 1) {
      const { body } = await post<Page>(`/systems/v1/system/search/params?page=${page}&size=50&type=ALL&sort=municipality&sortDir=DESC`, filter);
      expect(body.totalElements).toBe(total);
      ids.push(...body.content.map((s) => s.id));
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(new Set(ids)).toEqual(new Set(whole.body.content.map((s) => s.id)));
  });

  it('sorts by the field asked, by code when none', async () => {
    const byCode = await post<Page>('/systems/v1/system/search/params?page=0&size=20&type=ALL', filter);
    const codes = byCode.body.content.map((s) => s.code);
    expect(codes).toEqual([...codes].sort());
    const byPlace = await post<Page>('/systems/v1/system/search/params?page=0&size=200&type=ALL&sort=municipality&sortDir=DESC', filter);
    const places = byPlace.body.content.map((s) => s.municipality.name);
    expect(places).toEqual([...places].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('refuses a page of more than 9,999 rows', async () => {
    expect((await post('/systems/v1/system/search/params?page=0&size=10000&type=ALL', filter)).status).toBe(400);
  });
});

describe('status change by filter', { timeout: 120_000 }, () => {
  it('changes every system of the filter, whatever its size, and records each in the history', async () => {
    const filter = { statuses: ['initialized'], province: 'Milano' };
    const before = await post<Page>('/systems/v1/system/search/params?page=0&size=9999&type=OOH', filter);
    expect(before.body.totalElements).toBeGreaterThan(0);
    const done = await post<{ matched: number; changed: number[] }>('/systems/v1/system/bulk/status/params?type=OOH', { filter, status: 'maintenance' });
    expect(done.status).toBe(200);
    expect(done.body.matched).toBe(before.body.totalElements);
    expect(new Set(done.body.changed)).toEqual(new Set(before.body.content.map((s) => s.id)));
    const after = await post<Page>('/systems/v1/system/search/params?page=0&size=9999&type=OOH', filter);
    expect(after.body.totalElements).toBe(0);
    const id = done.body.changed[0];
    const history = await fetch(`${base}/history/v1/history/idSystem/${id}`, { headers: { Authorization: `Bearer ${tokens.assetmanager}` } });
    expect(JSON.stringify(await history.json())).toContain('maintenance');
  });

  it('is the asset manager\'s: a seller is refused', async () => {
    const refused = await post('/systems/v1/system/bulk/status/params?type=ALL', { filter: { statuses: ['active'] }, status: 'removed' }, 'sales');
    expect(refused.status).toBe(403);
  });
});

describe('advertisers list, sorted', { timeout: 30_000 }, () => {
  const list = async (query: string) => {
    const r = await fetch(`${base}/advertiser/v1/allPaginated/page/0/perPage/100?${query}`, { headers: { Authorization: `Bearer ${tokens.sales}` } });
    expect(r.status).toBe(200);
    return ((await r.json()) as { content: { city?: string; name: string }[] }).content;
  };
  const italian = (a: string, b: string) => a.localeCompare(b, 'it', { numeric: true });

  it('sorts by the column asked, in the direction asked; by name by default', async () => {
    const byCity = (await list('sort=city&sortDir=DESC')).map((a) => a.city ?? '');
    expect(byCity).toEqual([...byCity].sort(italian).reverse());
    expect(new Set(byCity).size).toBeGreaterThan(1);
    const byName = (await list('')).map((a) => a.name);
    expect(byName).toEqual([...byName].sort(italian));
  });

  it('refuses a sort field the document does not list', async () => {
    const r = await fetch(`${base}/advertiser/v1/allPaginated/page/0/perPage/10?sort=logoId`, { headers: { Authorization: `Bearer ${tokens.sales}` } });
    expect(r.status).toBe(400);
  });
});
