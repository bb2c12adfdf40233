// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS } from '../../sandbox/services';
import { testMailbox } from '../../sandbox/services/mail';
import { DEMO_USERS } from '../../sandbox/seed/demoUsers';
import { mayRead } from '../../sandbox/shared/resources';
import { storeFile } from '../../sandbox/store';
import { openSmallSeed } from './support/smallSeed';

/*
 * The side doors of the role rules, shut: a share never opens more than the resource's own service
 * would to the same role, others' share tokens stay with those who manage them, a guest token reads
 * only the systems of its resource, and a mail's tokens stay with its recipient.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const STAFF = DEMO_USERS.filter((u) => u.role !== 'ROLE_GUEST').map((u) => u.username);

let db: Db;
let server: Server;
let base: string;
const tokens: Record<string, string> = {};
let estimateId: number;
let orderId: number;
let planningId: number;
let plannedSystems: number[];
let otherSystem: number;

beforeAll(async () => {
  db = await openSmallSeed();
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787', testEndpoints: { '/internal/mailbox': testMailbox } }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await Promise.all(
    STAFF.map(async (username) => {
      const res = await fetch(`${base}/user/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
        body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }).toString(),
      });
      expect(res.status, username).toBe(200);
      tokens[username] = (await res.json()).access_token;
    }),
  );
  const one = async (sql: string, params: unknown[] = []) => Number((await db.query<{ id: string }>(sql, params)).rows[0].id);
  estimateId = await one(`SELECT id FROM records WHERE collection = 'estimates' ORDER BY id LIMIT 1`);
  orderId = await one(`SELECT id FROM records WHERE collection = 'orders' ORDER BY id LIMIT 1`);
  planningId = await one(`SELECT data->>'planningId' AS id FROM records WHERE collection = 'planningItems' ORDER BY id LIMIT 1`);
  plannedSystems = (
    await db.query<{ id: string }>(`SELECT DISTINCT data->>'systemId' AS id FROM records WHERE collection = 'planningItems' AND data->>'planningId' = $1`, [String(planningId)])
  ).rows.map((r) => Number(r.id));
  otherSystem = await one('SELECT id FROM systems WHERE NOT (id = ANY($1::bigint[])) ORDER BY id LIMIT 1', [plannedSystems]);
});

afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server.close(resolve));
  await db?.close();
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // a file (the PDF)
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: parsed as any };
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const create = (as: string, resourceType: string, resourceId: number) => call('POST', '/share/v1/share/create', tokens[as], { resourceType, resourceId });
const list = (as: string, resourceType: string, resourceId: number) => call('GET', `/share/v1/share/byResource?${q({ resourceType, resourceId })}`, tokens[as]);
const readShared = (token: string, resourceType: string, resourceId: number) => call('GET', `/share/v1/token/resource?${q({ resourceType, resourceId })}`, token);
async function guestOf(share: { resourceType: string; resourceId: number; token: string }): Promise<string> {
  const res = await fetch(`${base}/share/v1/token/auth?${q({ resourceType: share.resourceType, resourceId: share.resourceId, token: share.token })}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

describe('a share never opens more than the resource’s own service', () => {
  it('a designer cannot share an estimate, list its links or read it through the share service (the PDF is not theirs)', async () => {
    // The estimate service refuses its PDF to the designer…
    expect((await call('GET', `/estimate/estimate/${estimateId}/pdf`, tokens.designer)).status).toBe(403);
    // …and so does the share service, which would hand a guest token for it.
    const refused = await create('designer', 'estimate', estimateId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/preventivo/);
    const byRole = await create('sales', 'estimate', estimateId);
    expect(byRole.status).toBe(201);
    expect((await list('designer', 'estimate', estimateId)).status).toBe(403);
    expect((await readShared(tokens.designer, 'estimate', estimateId)).status).toBe(403);
    // The sales role may, and its link's guest gets the PDF.
    const guest = await guestOf(byRole.body);
    const pdf = await fetch(`${base}/estimate/estimate/${estimateId}/pdf`, { headers: { Authorization: `Bearer ${guest}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('a staff role without planning access cannot create, list or read a planning through a share', async () => {
    expect((await call('GET', `/planner/v1/plannings/${planningId}`, tokens.planner)).status).toBe(403);
    const byAdmin = await create('admin', 'planning', planningId);
    expect(byAdmin.status).toBe(201);
    for (const username of STAFF.filter((u) => u !== 'admin')) {
      expect((await create(username, 'planning', planningId)).status, username).toBe(403);
      expect((await list(username, 'planning', planningId)).status, username).toBe(403);
      expect((await readShared(tokens[username], 'planning', planningId)).status, username).toBe(403);
    }
    expect((await readShared(tokens.admin, 'planning', planningId)).status).toBe(200);
  });

  it('the roles that may share a type are exactly those its service lets read it', () => {
    for (const { username, role } of DEMO_USERS.filter((u) => u.role !== 'ROLE_GUEST')) {
      expect(mayRead(role, 'planning'), username).toBe(role === 'ROLE_ADMIN');
      expect(mayRead(role, 'estimate'), username).toBe(['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER'].includes(role));
      expect(mayRead(role, 'order'), username).toBe(true);
    }
  });
});

describe('share tokens stay with those who manage the link', () => {
  it('lists, changes, mails and revokes a link only for its creator and ROLE_ADMIN', async () => {
    const mine = await create('sales', 'order', orderId);
    expect(mine.status).toBe(201);
    const share = mine.body;
    // Every staff role reads orders: the others list the order's links, without this one.
    for (const username of STAFF.filter((u) => u !== 'sales' && u !== 'admin')) {
      const listed = await list(username, 'order', orderId);
      expect(listed.status, username).toBe(200);
      expect(JSON.stringify(listed.body), username).not.toContain(share.token);
      expect((await call('POST', `/share/v1/share/update?id=${share.id}`, tokens[username], { regenerateToken: true })).status, username).toBe(403);
      expect((await call('POST', `/share/v1/share/sendLink?id=${share.id}`, tokens[username], { to: 'a@example.it' })).status, username).toBe(403);
      expect((await call('DELETE', `/share/v1/share/delete?id=${share.id}`, tokens[username])).status, username).toBe(403);
    }
    const theirOwn = await create('salesleader', 'order', orderId);
    expect((await list('salesleader', 'order', orderId)).body.map((s: { id: number }) => s.id)).toEqual([theirOwn.body.id]);
    expect((await list('sales', 'order', orderId)).body.map((s: { token: string }) => s.token)).toEqual([share.token]);
    const admins = (await list('admin', 'order', orderId)).body.map((s: { token: string }) => s.token);
    expect(admins).toEqual(expect.arrayContaining([share.token, theirOwn.body.token]));
    expect((await call('POST', `/share/v1/share/update?id=${share.id}`, tokens.admin, { regenerateToken: true })).status).toBe(200);
    expect((await call('DELETE', `/share/v1/share/delete?id=${share.id}`, tokens.sales)).status).toBe(200);
  });
});

describe('a guest token reads only the systems of its resource', () => {
  it('getAllByIds with a planning’s guest token answers its systems and leaves the others out', async () => {
    expect(plannedSystems.length).toBeGreaterThan(0);
    const share = (await create('admin', 'planning', planningId)).body;
    const guest = await guestOf(share);
    const asked = [...plannedSystems, otherSystem];
    const answered = await call('POST', '/systems/v1/system/getAllByIds', guest, asked);
    expect(answered.status).toBe(200);
    expect(answered.body.map((s: { id: number }) => s.id).sort()).toEqual([...plannedSystems].sort());
    const outside = await call('POST', '/systems/v1/system/getAllByIds', guest, [otherSystem]);
    expect(outside).toMatchObject({ status: 200, body: [] });
    // Staff read them all, as before.
    expect((await call('POST', '/systems/v1/system/getAllByIds', tokens.admin, asked)).body).toHaveLength(asked.length);
  });

  it('a planning’s guest sees the photos of the systems it books (its client page shows them), and no other photo', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const photo = async (systemId: number) =>
      storeFile(db, { collection: 'system_images', id: systemId }, { fileName: 'foto.png', mediaType: 'image/png', content: png });
    const booked = await photo(plannedSystems[0]);
    const other = await photo(otherSystem);
    const share = (await create('admin', 'planning', planningId)).body;
    const guest = await guestOf(share);
    const read = (id: number) => fetch(`${base}/systems/v1/system/image/get/${id}`, { headers: { Authorization: `Bearer ${guest}` } });
    const mine = await read(booked);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(png);
    expect((await read(other)).status).toBe(403);
  });

  it('a system’s guest reads that system only; an estimate’s guest reads none', async () => {
    const system = (await create('assetmanager', 'system', otherSystem)).body;
    const systemGuest = await guestOf(system);
    const read = await call('POST', '/systems/v1/system/getAllByIds', systemGuest, [otherSystem, ...plannedSystems]);
    expect(read.body.map((s: { id: number }) => s.id)).toEqual([otherSystem]);
    const estimate = (await create('sales', 'estimate', estimateId)).body;
    const estimateGuest = await guestOf(estimate);
    expect((await call('POST', '/systems/v1/system/getAllByIds', estimateGuest, [otherSystem])).body).toEqual([]);
  });
});

describe('a mail’s tokens stay with its recipient', () => {
  it('a manager reading the outbox cannot see a super admin’s reset token, nor find it by searching', async () => {
    expect((await call('POST', '/user/user/forgotPassword?username=admin')).status).toBe(200);
    const [delivered] = (await call('GET', `/internal/mailbox?${q({ to: 'admin@demo.ooh.it', kind: 'password-reset' })}`)).body;
    const token = /change-password\?token=([A-Za-z0-9_-]+)/.exec(delivered.body)![1];
    expect(token.length).toBeGreaterThan(20);

    const outbox = await call('GET', `/mail/v1/mails?${q({ filter: JSON.stringify({ kind: 'password-reset', to: 'admin@demo.ooh.it' }), range: '[0,9]' })}`, tokens.manager);
    expect(outbox.status).toBe(200);
    const shown = outbox.body.find((m: { id: number }) => m.id === delivered.id);
    expect(shown.body).toContain('/change-password?token=[riservato]');
    expect(JSON.stringify(outbox.body)).not.toContain(token);
    const one = await call('GET', `/mail/v1/mails/${delivered.id}`, tokens.manager);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain(token);
    // Not even an oracle: a search by the token's first characters finds nothing.
    const search = await call('GET', `/mail/v1/mails?${q({ filter: JSON.stringify({ q: `token=${token.slice(0, 6)}` }) })}`, tokens.manager);
    expect(search.body).toEqual([]);
    // Nor the admin: the token is the recipient's alone.
    expect(JSON.stringify((await call('GET', `/mail/v1/mails/${delivered.id}`, tokens.admin)).body)).not.toContain(token);
    // The recipient's link works (the stand-in for the mailbox, read above); the admin signs in again with the new password.
    expect((await call('POST', '/user/user/savePassword', undefined, { token, newPassword: 'Ritorno-a-Bergamo-2026' })).status).toBe(200);
    const again = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Ritorno-a-Bergamo-2026' }).toString(),
    });
    expect(again.status).toBe(200);
    tokens.admin = (await again.json()).access_token;
  });

  it('hides signup confirmation and share-link tokens too, and user data carries none', async () => {
    const signup = { username: 'elena.conti', email: 'elena.conti@example.it', password: 'Nebbia-sul-Po-2026', name: 'Elena', surname: 'Conti' };
    expect((await call('POST', '/user/prereg/signup', undefined, signup)).status).toBe(201);
    const [confirmation] = (await call('GET', `/internal/mailbox?${q({ to: signup.email, kind: 'signup-confirmation' })}`)).body;
    const confirmToken = /\/user\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmation.body)![1];
    const shownConfirmation = await call('GET', `/mail/v1/mails/${confirmation.id}`, tokens.manager);
    expect(shownConfirmation.body.body).toContain('/user/confirm/[riservato]');
    expect(JSON.stringify(shownConfirmation.body)).not.toContain(confirmToken);
    const users = await call('GET', '/user/user/all/page/0/perPage/100/sort/ASC', tokens.manager);
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toContain(confirmToken);

    const share = (await create('sales', 'order', orderId)).body;
    const sent = await call('POST', `/share/v1/share/sendLink?id=${share.id}`, tokens.sales, { to: 'cliente@example.it' });
    expect(sent.status).toBe(200);
    const [link] = (await call('GET', `/internal/mailbox?${q({ to: 'cliente@example.it', kind: 'share-link' })}`)).body;
    expect(link.body).toContain(share.token);
    for (const reader of ['manager', 'admin', 'sales']) {
      const shown = await call('GET', `/mail/v1/mails/${sent.body.mailId}`, tokens[reader]);
      expect(shown.status, reader).toBe(200);
      expect(shown.body.body, reader).toContain(`/token/[riservato]/view`);
      expect(JSON.stringify(shown.body), reader).not.toContain(share.token);
    }
  });

  it('serves the recipients’ mailbox only to a sandbox started for tests', async () => {
    const plain = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' });
    await new Promise<void>((resolve) => plain.server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(plain.server.address() as AddressInfo).port}/internal/mailbox?to=admin@demo.ooh.it`);
      expect(res.status).toBe(404);
    } finally {
      plain.server.closeAllConnections();
      await new Promise((resolve) => plain.server.close(resolve));
    }
  });
});
