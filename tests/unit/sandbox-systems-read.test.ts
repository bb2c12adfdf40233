// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { systemsWhere } from '../../sandbox/services/systems';
import { openMigrated, openSmallSeed } from './support/smallSeed';

/*
 * How the sandbox reads systems in bulk (the size-9999 search): each row travels as one
 * JSON tuple, the count of a filter is kept while the table is unchanged (migration 070), and the
 * seed gathers the planner's statistics. What a client sees must be the System of the document, the
 * same through every read, with every optional member and lookup name.
 */

let db: Db;
let server: Server;
let base = '';
let token = '';

const sys = (path: string, init: RequestInit = {}) =>
  fetch(`${base}/systems/v1${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
const json = async <T = Record<string, unknown>>(r: Response | Promise<Response>) => {
  const response = await r;
  expect(response.status, response.url).toBeLessThan(300);
  return (await response.json()) as T;
};
type System = Record<string, unknown> & { id: number; code: string };
type Page = { content: System[]; totalElements: number; totalPages: number; number: number; size: number };

async function first<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await db.query<T>(sql, params)).rows[0];
}

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    for (const name of ['user', 'geo', 'systems'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  const sandbox = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1' });
  server = sandbox.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const response = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'demo' }),
  });
  token = ((await response.json()) as { access_token: string }).access_token;
}, 180_000);

afterAll(async () => {
  server?.close();
  await db?.close();
});

describe('systems read in bulk', { timeout: 60_000 }, () => {
  it('reads a system with every optional member the same through id, ids, list page and search', async () => {
    const lease = await first<{ id: string; name: string }>('SELECT id, name FROM system_leases ORDER BY id LIMIT 1');
    const area = await first<{ id: string; name: string }>("SELECT id, name FROM system_areas WHERE type = 'OOH' ORDER BY id LIMIT 1");
    const auths = (await db.query<{ id: string; name: string }>('SELECT id, name FROM system_authorizations ORDER BY id DESC LIMIT 2')).rows;
    const owner = await first<{ id: string; name: string }>('SELECT id, name FROM system_media_owners ORDER BY id LIMIT 1');
    const created = await json<System>(
      sys('/system/create?type=OOH', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Poster lettura Via Dante 7',
          type: 'OOH',
          systemType: 'poster',
          address: 'Via Dante 7',
          municipalityId: '015146',
          zipCode: '20121',
          latitude: 45.46427123456789,
          longitude: 9.189982000000001,
          sizes: [{ sizeId: 1, width: 600, height: 300 }],
          domains: ['centro', 'stazione'],
          leaseId: Number(lease.id),
          areaId: Number(area.id),
          authorizationIds: auths.map((a) => Number(a.id)),
          mediaOwnerIds: [Number(owner.id)],
          illuminated: true,
          faces: 2,
          notes: 'Fronte strada',
        }),
      }),
    );
    // One image, and an authorization id whose row is gone (it reads as `#id`).
    const form = new FormData();
    form.append('systemId', String(created.id));
    form.append('file', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'fronte.png');
    const image = await json<{ id: number }>(fetch(`${base}/systems/v1/system/image/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } }));
    await db.query('UPDATE systems SET authorization_ids = authorization_ids || 999999::bigint WHERE id = $1', [created.id]);
    const stamps = await first<{ created_at: Date; updated_at: Date }>('SELECT created_at, updated_at FROM systems WHERE id = $1', [created.id]);

    const byId = await json<System>(sys(`/system/id/${created.id}`));
    expect(byId).toEqual({
      id: created.id,
      code: created.code,
      name: 'Poster lettura Via Dante 7',
      type: 'OOH',
      systemType: 'poster',
      status: 'initialized',
      sizes: [{ sizeId: 1, width: 600, height: 300 }],
      address: 'Via Dante 7',
      region: 'Lombardia',
      province: 'Milano',
      municipality: { istatCode: '015146', name: 'Milano' },
      zipCode: '20121',
      latitude: 45.46427123456789,
      longitude: 9.189982000000001,
      frames: [],
      images: [image.id],
      domains: ['centro', 'stazione'],
      authorizations: [...auths.map((a) => ({ id: Number(a.id), name: a.name })), { id: 999999, name: '#999999' }],
      mediaOwners: [{ id: Number(owner.id), name: owner.name }],
      lease: { id: Number(lease.id), name: lease.name },
      area: { id: Number(area.id), name: area.name },
      illuminated: true,
      faces: 2,
      notes: 'Fronte strada',
      createdAt: new Date(stamps.created_at).toISOString(),
      updatedAt: new Date(stamps.updated_at).toISOString(),
      // The version a form sends back to refuse a stale save.
      lockVersion: expect.any(Number),
    });
    expect(await json<System[]>(sys('/system/getAllByIds', { method: 'POST', body: JSON.stringify([created.id, 1]) }))).toEqual([
      byId,
      await json<System>(sys('/system/id/1')),
    ]);
    const listed = await json<Page>(sys(`/system/all/page/0/perPage/10?type=OOH&searchTerm=${encodeURIComponent(created.code)}`));
    expect(listed.content).toEqual([byId]);
    const searched = await json<Page>(sys('/system/search/params?page=0&size=9999&type=ALL', { method: 'POST', body: JSON.stringify({ searchTerm: created.code }) }));
    expect(searched).toEqual({ content: [byId], totalElements: 1, totalPages: 1, number: 0, size: 9999 });
  });

  it('leaves out the optional members a system has not got', async () => {
    await db.query("UPDATE systems SET zip_code = NULL, lease_id = NULL, area_id = NULL, data = data - 'notes' WHERE id = 2");
    const s = await json<System>(sys('/system/id/2'));
    for (const key of ['zipCode', 'lease', 'area', 'notes']) expect(s).not.toHaveProperty(key);
  });

  it('keeps the order of a big search across pages, by code', async () => {
    const all = await json<Page>(sys('/system/search/params?page=0&size=9999&type=ALL', { method: 'POST', body: JSON.stringify({}) }));
    expect(all.totalElements).toBe(all.content.length);
    const codes = all.content.map((s) => s.code);
    expect(codes).toEqual([...codes].sort());
    const p0 = await json<Page>(sys('/system/search/params?page=0&size=700&type=ALL', { method: 'POST', body: JSON.stringify({}) }));
    const p1 = await json<Page>(sys('/system/search/params?page=1&size=700&type=ALL', { method: 'POST', body: JSON.stringify({}) }));
    expect([...p0.content, ...p1.content].map((s) => s.code)).toEqual(codes.slice(0, 1400));
    expect(p1).toMatchObject({ totalElements: all.totalElements, totalPages: Math.ceil(all.totalElements / 700), number: 1, size: 700 });
    const byName = await json<Page>(sys('/system/all/page/0/perPage/50?type=ALL&sort=name&sortDir=DESC'));
    const names = byName.content.map((s) => String(s.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });
});

describe('counts kept while the table is unchanged', { timeout: 60_000 }, () => {
  /** A db whose every answer is recorded, to see whether the page query counted again. */
  function recording(inner: Db): { db: Db; totals: unknown[] } {
    const totals: unknown[] = [];
    const wrap = (d: Db): Db => ({
      query: async <T>(sql: string, params?: unknown[]) => {
        const result = await d.query<T>(sql, params);
        const row = result.rows[0] as Record<string, unknown> | undefined;
        if (row && 'total' in row) totals.push(row.total);
        return result;
      },
      transaction: (fn) => d.transaction((tx) => fn(wrap(tx))),
      close: () => d.close(),
    });
    return { db: wrap(inner), totals };
  }
  const maintenance = { sql: 'WHERE status = $1', params: ['maintenance'] };

  it('counts once per filter, and again after any write to systems, even one made in plain SQL', async () => {
    const { db: rec, totals } = recording(db);
    const expected = async () => Number((await first<{ n: string }>("SELECT count(*) AS n FROM systems WHERE status = 'maintenance'")).n);
    const a = await systemsWhere(rec, maintenance, 'id ASC', { limit: 5, count: true });
    const b = await systemsWhere(rec, maintenance, 'id ASC', { limit: 5, offset: 5, count: true });
    expect(a.total).toBe(await expected());
    expect(b.total).toBe(a.total);
    expect(totals).toEqual([expect.anything(), null]); // the second page did not count
    await db.query("UPDATE systems SET status = 'maintenance' WHERE id = (SELECT min(id) FROM systems WHERE status <> 'maintenance')");
    const c = await systemsWhere(rec, maintenance, 'id ASC', { limit: 5, count: true });
    expect(c.total).toBe(a.total + 1);
    expect(c.total).toBe(await expected());
    expect(totals[2]).not.toBeNull();
  });

  it('never serves a count seen inside a transaction that rolled back', async () => {
    const before = (await systemsWhere(db, maintenance, 'id ASC', { limit: 1, count: true })).total;
    await db
      .transaction(async (tx) => {
        await tx.query("UPDATE systems SET status = 'maintenance' WHERE id IN (SELECT id FROM systems WHERE status <> 'maintenance' ORDER BY id LIMIT 5)");
        expect((await systemsWhere(tx, maintenance, 'id ASC', { limit: 1, count: true })).total).toBe(before + 5);
        throw new Error('annullata');
      })
      .catch(() => undefined);
    // A later write that does not touch the filter's rows: the version moves past the rolled-back one.
    await db.query('UPDATE systems SET faces = faces WHERE id = 1');
    expect((await systemsWhere(db, maintenance, 'id ASC', { limit: 1, count: true })).total).toBe(before);
  });
});

describe('seed', () => {
  // The database `migrate` and `seed(db, 'small')` left, made once per run (smallSeed.global.ts).
  it('gathers the planner statistics of what it loaded', async () => {
    const fresh = await openSmallSeed();
    try {
      const { rows } = await fresh.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'systems'");
      expect(rows[0].reltuples).toBe(2000);
    } finally {
      await fresh.close();
    }
  }, 300_000);
});
